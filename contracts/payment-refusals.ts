/**
 * Refusals as data: what a 4xx answer says (status, code, message, details). The payment rules of
 * the order domain and the adapter kit both refuse with them; contracts/ builds no error object,
 * the platform's `refused` (platform/errors/app-error.ts) makes the AppError.
 */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** A second active payment for the same gift card (spec gift card rules 2–3): 409 `gift_card_already_added`. */
export const cardAlreadyAddedRefusal = (paymentId: string, cardId: string): Refusal => ({
  status: 409,
  code: 'gift_card_already_added',
  message: 'This gift card already pays for the order; remove it first to add it again.',
  details: { paymentId, cardId },
});
