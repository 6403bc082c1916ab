import { AppError } from '../kit/platform.js';
import { ProviderCError } from './provider-c.client.js';

/**
 * A provider failure as the adapter's callers see it (the spec's "Errors": 400 with the error
 * detail): the provider's own refusal code stays readable in `details.providerCode`. A platform
 * error passes through unchanged.
 */
export function providerFailure(error: unknown, paymentId?: string): AppError {
  if (error instanceof AppError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new AppError(400, 'provider_failed', detail, {
    errorDetail: detail,
    ...(error instanceof ProviderCError ? { providerCode: error.code, providerStatus: error.status ?? null } : {}),
    ...(paymentId ? { paymentId } : {}),
  });
}
