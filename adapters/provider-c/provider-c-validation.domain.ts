/** The answers to Qliro One's order validation: approve, or decline with one of the published reasons and a message for the shopper. */

/** The published decline reasons (Qliro's ValidateOrderResponseInterface). */
export const DECLINE_REASONS = ['OutOfStock', 'PostalCodeIsNotSupported', 'ShippingIsNotSupportedForPostalCode', 'CashOnDeliveryIsNotSupportedForShippingMethod', 'IdentityNotVerified', 'Other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** A longer message is not shown at all (developers.qliro.com, "Validate order"): the adapter shortens it. */
export const DECLINE_MESSAGE_LIMIT = 150;

/** 200 approves (any 2xx, published); 400 declines with the reason and the message the checkout shows. */
export type ValidationAnswer = { status: 200; body: Record<string, never> } | { status: 400; body: { DeclineReason: DeclineReason; DeclineReasonMessage: string } };

/** One failure of the order's validation, as the order service reports it. */
export interface ValidationFailure {
  code?: unknown;
  pointers?: unknown;
}

/**
 * Which published reason a validation failure is, as data: the first rule a failure meets wins;
 * a failure none meets is `Other` (the message says what is wrong).
 */
const REASON_RULES: ReadonlyArray<{ reason: DeclineReason; meets: (failure: ValidationFailure) => boolean }> = [
  { reason: 'OutOfStock', meets: (failure) => typeof failure.code === 'string' && /stock/i.test(failure.code) },
  { reason: 'PostalCodeIsNotSupported', meets: (failure) => Array.isArray(failure.pointers) && failure.pointers.some((pointer) => typeof pointer === 'string' && /\/postalCode$/.test(pointer)) },
];

/** The published reason for the failures of a refused validation (`Other` when none is more precise). */
export function declineReasonOf(failures: unknown): DeclineReason {
  const list = Array.isArray(failures) ? (failures as ValidationFailure[]) : [];
  for (const rule of REASON_RULES) if (list.some((failure) => failure && typeof failure === 'object' && rule.meets(failure))) return rule.reason;
  return 'Other';
}

export const approve = (): ValidationAnswer => ({ status: 200, body: {} });

export const decline = (reason: DeclineReason, message: string): ValidationAnswer => ({
  status: 400,
  body: { DeclineReason: reason, DeclineReasonMessage: message.length > DECLINE_MESSAGE_LIMIT ? `${message.slice(0, DECLINE_MESSAGE_LIMIT - 1)}…` : message },
});
