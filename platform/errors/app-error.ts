import type { Refusal } from '../../contracts/payment-refusals.js';

/**
 * The one error type the transports know how to answer. Anything else reaching a transport is a
 * bug and is answered 500 `internal_error` without details.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/** The JSON body of every 4xx/5xx answer on every service. */
export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

export const badRequest = (code: string, message: string, details?: unknown) =>
  new AppError(400, code, message, details);
export const unauthorized = (message: string) => new AppError(401, 'unauthorized', message);
export const forbidden = (message: string, code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message: string, code = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string, details?: unknown) =>
  new AppError(409, 'conflict', message, details);

/** The AppError of a refusal held as data in contracts/. */
export const refused = (refusal: Refusal) => new AppError(refusal.status, refusal.code, refusal.message, refusal.details);

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
