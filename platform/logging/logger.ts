import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { logFields } from '../telemetry/request-scope.js';

export type { Logger };

/**
 * How log lines are written: `json`, one JSON object a line (what collectors read), or `pretty`,
 * one readable line each (`[12:04:05.123] INFO: [order] Server listening at http://127.0.0.1:4001`) for a person
 * at a terminal. LOG_FORMAT chooses; unset, a terminal gets `pretty` and anything else `json`.
 */
export type LogFormat = 'json' | 'pretty';
export const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty'];

/** The format for LOG_FORMAT's value (`auto` or unset: by whether stdout is a terminal). */
export function logFormatFor(setting: string | undefined, stdoutIsTTY: boolean | undefined): LogFormat {
  if (setting === 'json' || setting === 'pretty') return setting;
  return stdoutIsTTY ? 'pretty' : 'json';
}

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

/**
 * The readable form of pino's lines (pino-pretty, in this process and synchronous, so nothing is
 * lost at exit): local time to the millisecond, the level, the service in brackets, the message,
 * then any other fields as compact JSON on the same line; errors with their stack below. The
 * fields are redacted before they get here, as in JSON.
 */
export function prettyStream(options: { destination?: NodeJS.WritableStream | number; colorize?: boolean } = {}): DestinationStream {
  return pretty({
    destination: options.destination ?? 1,
    sync: true,
    colorize: options.colorize ?? false,
    translateTime: 'SYS:HH:MM:ss.l',
    // reqId: fastify's, the same as requestId (the request scope's, on every line of a request).
    ignore: 'pid,hostname,service,name,reqId',
    singleLine: true,
    messageFormat: '{if service}[{service}] {end}{if name}[{name}] {end}{msg}',
  });
}

export function createLogger(options: { level: string; name?: string; destination?: NodeJS.WritableStream; format?: LogFormat }): Logger {
  const destination =
    options.format === 'pretty'
      ? prettyStream({ ...(options.destination ? { destination: options.destination } : {}), colorize: !options.destination && Boolean(process.stdout.isTTY) })
      : (options.destination as DestinationStream | undefined);
  return pino(
    // Every line written while serving a request carries its request id, tenant, GraphQL
    // operation and trace id, whichever logger wrote it (docs/observability.md).
    { level: options.level, name: options.name, redact: { paths: REDACT, censor: '[redacted]' }, mixin: logFields },
    destination,
  );
}
