import { pino, type DestinationStream, type Logger } from 'pino';
import { logFields } from '../telemetry/request-scope.js';

export type { Logger };

/**
 * Paths that must never reach a log line: credentials in headers and anything an adapter schema
 * marks as a secret (those are masked before logging, this is the second line of defence).
 */
const REDACT = [
  'req.headers.authorization',
  'headers.authorization',
  'authorization',
  'token',
  'password',
  '*.password',
  '*.secret',
  '*.clientSecret',
  '*.identityClientSecret',
];

export function createLogger(options: { level: string; name?: string; destination?: NodeJS.WritableStream }): Logger {
  return pino(
    // Every line written while serving a request carries its request id, tenant, GraphQL
    // operation and trace id, whichever logger wrote it (docs/observability.md).
    { level: options.level, name: options.name, redact: { paths: REDACT, censor: '[redacted]' }, mixin: logFields },
    options.destination as DestinationStream | undefined,
  );
}
