/**
 * What each provider D `resultCode` means for the payment and the order (spec "Provider D
 * adapter": an action → the frontend handles it; no action needed → the order is accepted or
 * completed). As data: the flows look the outcome up, they do not branch on codes.
 */
export type PaymentOutcome =
  /** Authorised: the payment is reserved, the order moves to completed. */
  | 'authorised'
  /** The shopper must act (3-D Secure, redirect): the payment stays open, the action goes to the frontend. */
  | 'action'
  /** Decided later by the AUTHORISATION webhook: the payment is processing, the order is locked in processing. */
  | 'pending'
  /** Refused, cancelled or an error: the payment fails with the reason; the order stays in checkout. */
  | 'failed';

export const RESULT_CODE_OUTCOMES: Readonly<Record<string, PaymentOutcome>> = {
  Authorised: 'authorised',
  RedirectShopper: 'action',
  IdentifyShopper: 'action',
  ChallengeShopper: 'action',
  PresentToShopper: 'action',
  Pending: 'pending',
  Received: 'pending',
  Refused: 'failed',
  Cancelled: 'failed',
  Error: 'failed',
};

/** An unknown result code is treated as a failure (never as money received). */
export const outcomeOf = (resultCode: string | undefined, hasAction: boolean): PaymentOutcome => (hasAction ? 'action' : (RESULT_CODE_OUTCOMES[resultCode ?? ''] ?? 'failed'));
