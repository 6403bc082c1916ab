import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

/**
 * fastify's logger of one request (`request.log`, bound to its `reqId`), made when the request
 * first writes a line at an enabled level rather than for every request: at the default level a
 * request that succeeds writes none, and pino's `child` (its bindings serialised through the
 * redaction) was a measurable part of a small request's CPU. The line it writes is the one the
 * eager child would have written: same bindings, same options, same parent.
 */
class RequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  /** Whether `level` writes: pino's own test on its parent, whose level a child without a level of its own inherits. */
  private enabled(level: Level): boolean {
    if (this.made) return true;
    const parent = this.parent as Partial<Pick<Logger, 'isLevelEnabled'>>;
    return typeof parent.isLevelEnabled === 'function' ? parent.isLevelEnabled(level) : true;
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.enabled(level)) return;
    (this.logger()[level] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

/**
 * fastify's `childLoggerFactory`: a request's logger made on its first line. A route with a log
 * level of its own gets its child at once (the level is the child's, not the parent's).
 */
export function requestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined) return parent.child(bindings, options);
  return new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
