import { AppError } from '../kit/platform.js';
import { GiftCardSystemError } from './gift-card-system.client.js';

/**
 * What the adapter's callers see when the gift card system fails. Adding or removing a card
 * creates or updates a payment, so the spec's "Errors" row applies: 400 with the `errorDetail`
 * (the same code as the kit's create-payment flow). The platform's callbacks (the `completed`
 * notification) answer 502 instead, so the notification service retries. A failure while a
 * payment is created or updated is the kit's `providerFailed` (400 `provider_failed`).
 */

/** The failure's code, as a failed transaction's `pspStatus`. */
export const codeOf = (error: unknown) => (error instanceof GiftCardSystemError || error instanceof AppError ? error.code : 'error');

/** The fault as the merchant sees it in the admin (a transaction's `errorDetail`). */
function errorDetailOf(error: unknown): string {
  if (error instanceof GiftCardSystemError) return `${error.message} (${error.code}${error.status === undefined ? '' : `, HTTP ${error.status}`})`;
  return error instanceof Error ? error.message : String(error);
}

/** A platform callback that is worth retrying later → 502 `gift_card_system_unavailable`. */
export function systemUnavailable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError(502, 'gift_card_system_unavailable', `The gift card system did not answer as expected: ${errorDetailOf(error)}`);
}
