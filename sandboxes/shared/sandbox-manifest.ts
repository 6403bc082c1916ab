/**
 * A sandbox's manifest, in its own folder (`sandboxes/<provider>/<provider>-sandbox.manifest.ts`):
 * its service name, default port, settings and how it is built. The service catalogue's row for
 * its provider and the sandbox runner read it; neither names the sandbox otherwise.
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceSetting, ServiceSettings } from '../../platform/env/env.config.js';
import type { Logger } from '../../platform/logging/logger.js';

export interface SandboxManifest {
  /** Service name (`<provider>_sandbox`): `<NAME>_PORT`, `<NAME>_URL`. */
  name: string;
  port: number;
  settings?: readonly ServiceSetting[];
  /** Builds it; `settings`: the configuration's values of its settings (unset: their defaults). */
  create(options: { logger: Logger; settings?: ServiceSettings }): { app: FastifyInstance; state: unknown };
}
