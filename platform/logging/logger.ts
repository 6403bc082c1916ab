import { pino, type DestinationStream, type Logger } from 'pino';

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
    { level: options.level, name: options.name, redact: { paths: REDACT, censor: '[redacted]' } },
    options.destination as DestinationStream | undefined,
  );
}
