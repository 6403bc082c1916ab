/** Provider D's data as the sandbox keeps it (docs/sandboxes.md, "Provider D"). Amounts are integer minor units. */

export interface Amount {
  value: number;
  currency: string;
}

export const RESULT_CODES = ['Authorised', 'Refused', 'Pending', 'Received', 'RedirectShopper', 'IdentifyShopper', 'ChallengeShopper', 'Cancelled', 'Error'] as const;
export type ResultCode = (typeof RESULT_CODES)[number];

export const RECURRING_MODELS = ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'] as const;
export type RecurringProcessingModel = (typeof RECURRING_MODELS)[number];
export type ShopperInteraction = 'Ecommerce' | 'ContAuth';

/** What a test card (or a wallet, or a stored token) does when it pays. */
export type CardBehaviour = 'authorise' | 'refuse' | 'challenge' | 'identify' | 'redirect' | 'pending' | 'error';

/** A merchant account: its API key, the key that signs its webhooks, where webhooks go. */
export interface MerchantAccount {
  merchantAccount: string;
  apiKey: string;
  /** Hex-encoded HMAC key (as providers hand them out). */
  hmacKey: string;
  webhookUrl?: string;
}

/** A token a shopper's card is stored under (`storedPaymentMethodId`). */
export interface StoredMethod {
  id: string;
  merchantAccount: string;
  shopperReference: string;
  type: 'scheme';
  brand: string;
  lastFour: string;
  expiryMonth: string;
  expiryYear: string;
  holderName: string;
  /** The recurring model it was stored for; a Subscription token serves ContAuth payments without the shopper. */
  recurringProcessingModel: RecurringProcessingModel;
  supportedShopperInteractions: ShopperInteraction[];
  supportedRecurringProcessingModels: RecurringProcessingModel[];
  /** What paying with it does (the card it was stored from). */
  behaviour: CardBehaviour;
  createdAt: string;
}

export type ChallengeOutcome = 'authorise' | 'refuse' | 'cancel';

/** A 3-D Secure challenge (or redirect, or fingerprint) the shopper answers before `/payments/details`. */
export interface Challenge {
  id: string;
  pspReference: string;
  kind: 'challenge' | 'fingerprint' | 'redirect';
  outcome?: ChallengeOutcome;
  completedAt?: string;
}

export interface Modification {
  pspReference: string;
  type: 'capture' | 'refund' | 'cancel' | 'reversal';
  amount?: Amount;
  reference?: string;
  status: 'received';
  createdAt: string;
}

export interface WebhookAttempt {
  at: string;
  status?: number;
  answer?: string;
  error?: string;
}

export interface NotificationRequestItem {
  additionalData: Record<string, string>;
  amount: Amount;
  eventCode: string;
  eventDate: string;
  merchantAccountCode: string;
  merchantReference: string;
  originalReference?: string;
  paymentMethod?: string;
  pspReference: string;
  reason: string;
  success: 'true' | 'false';
}

/** One webhook as the sandbox sends it and retries it until it is answered `[accepted]`. */
export interface WebhookRecord {
  id: string;
  eventCode: string;
  url?: string;
  body: { live: 'false'; notificationItems: Array<{ NotificationRequestItem: NotificationRequestItem }> };
  attempts: WebhookAttempt[];
  status: 'pending' | 'accepted' | 'gave_up' | 'no_webhook_url';
}

export type PaymentStatus = 'awaiting_action' | 'pending' | 'received' | 'authorised' | 'refused' | 'cancelled' | 'error';

export interface PaymentRecord {
  pspReference: string;
  merchantAccount: string;
  reference: string;
  amount: Amount;
  resultCode: ResultCode;
  status: PaymentStatus;
  paymentMethod: { type: string; brand?: string; lastFour?: string };
  behaviour: CardBehaviour;
  shopperReference?: string;
  shopperInteraction: ShopperInteraction;
  recurringProcessingModel?: RecurringProcessingModel;
  storePaymentMethod: boolean;
  storedPaymentMethodId?: string;
  metadata: Record<string, string>;
  returnUrl?: string;
  refusalReason?: string;
  challenge?: Challenge;
  captured: number;
  refunded: number;
  cancelled: boolean;
  modifications: Modification[];
  webhooks: WebhookRecord[];
  request: unknown;
  createdAt: string;
}
