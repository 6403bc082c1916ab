import { EnvError, loadConfig as loadPlatformConfig, type PlatformConfig } from '../platform/env/env.config.js';
import { SERVICE_SPECS } from './service.catalogue.js';

/** The environment read for the services of the catalogue (what main, the CLIs and tests use). */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): PlatformConfig => loadPlatformConfig(env, SERVICE_SPECS);

/** The same for a command's start: a wrong environment is said on stderr (what is wrong, no stack) and ends the process with 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
