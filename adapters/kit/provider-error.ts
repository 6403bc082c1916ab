import { AppError } from '../../platform/errors/app-error.js';

/**
 * A payment or gift card provider refused a call (`status` set) or could not be reached
 * (`status` undefined). Each adapter's client names its own subclass; what they share lives here.
 */
export class ProviderError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly code: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** Whether trying again later may succeed (no answer, 5xx, 429). */
  get transient(): boolean {
    return this.status === undefined || this.status >= 500 || this.status === 429;
  }
}

/**
 * A provider's failure as the adapter's callers see it (the spec's "Errors" row: a provider call
 * failing while a payment is created or updated): 400 `provider_failed`, the message as
 * `details.errorDetail`, the provider's own code and status as `details.providerCode` and
 * `providerStatus` (a ProviderError), the payment when known; its `body` is the provider's answer
 * (the failed transaction's `responseJson`). An AppError passes through unchanged.
 */
export function providerFailed(error: unknown, paymentId?: string): AppError {
  if (error instanceof AppError) return error;
  const errorDetail = error instanceof Error ? error.message : String(error);
  const refusal = error instanceof ProviderError ? error : undefined;
  const details = { errorDetail, ...(refusal ? { providerCode: refusal.code, providerStatus: refusal.status ?? null } : {}), ...(paymentId ? { paymentId } : {}) };
  return Object.assign(new AppError(400, 'provider_failed', errorDetail, details), { body: refusal?.body ?? null });
}
