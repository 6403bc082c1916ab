import { loadConfig as loadPlatformConfig, type PlatformConfig } from '../platform/env/env.config.js';
import { SERVICE_SPECS } from './service.catalogue.js';

/** The environment read for the services of the catalogue (what main, the CLIs and tests use). */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): PlatformConfig => loadPlatformConfig(env, SERVICE_SPECS);
