import { AppError } from '../errors/app-error.js';

/** A platform service (or provider) answered with an error, or could not be reached. */
export class PlatformCallError extends AppError {
  /** What the callee said (or why it could not be reached), with its address: for logs, not for callers. */
  readonly upstreamMessage: string;

  constructor(
    readonly url: string,
    readonly httpStatus: number | undefined,
    readonly body: unknown,
    message: string,
  ) {
    // A refusal (4xx) is the callee's answer to our caller and is passed on whole; a failure
    // (5xx) keeps only the callee's message, and no answer says so without the address.
    const passOn = httpStatus !== undefined && httpStatus >= 400 && httpStatus < 500;
    const bodyCode = typeof (body as { code?: unknown })?.code === 'string' ? (body as { code: string }).code : undefined;
    super(
      passOn ? httpStatus : 502,
      passOn ? (bodyCode ?? 'upstream_refused') : 'upstream_unavailable',
      httpStatus === undefined ? 'A service this request needs could not be reached; try again shortly.' : message,
      passOn ? (body as { details?: unknown })?.details : undefined,
    );
    this.upstreamMessage = message;
  }
}
