/** Provider D (drop-in card and wallet provider): the adapter's id, its configuration (provider_d_dropin_adapter.schema.json, beside it) and the provider's request shapes. */
import type { Types } from '@adyen/api-library';

export const PROVIDER_D_ADAPTER_ID = 'provider_d_dropin_adapter';

export interface ProviderDConfiguration {
  id?: string;
  active?: boolean;
  apiSettings: {
    apiUrl: string;
    /** Secret (write-only). */
    apiKey: string;
    /** Public: handed to the drop-in. */
    clientKey: string;
    merchantAccount: string;
    environment: 'test' | 'live';
    /** Secret (write-only), hex: verifies webhook signatures. Without it every webhook is refused. */
    hmacKey?: string;
  };
  /** Handed to the drop-in as it is. */
  paymentMethodsConfiguration?: Record<string, unknown>;
  /** Where the storefront loads the drop-in (the provider's own script in production); unset: the storefront's (its sandbox's stand-in). */
  dropin?: { scriptUrl?: string; stylesheetUrl?: string };
  /** Templates with {orderId}, {merchant}, {channel}. */
  redirectUrls?: { checkoutUrl?: string; returnUrl?: string };
  locale?: string;
}

export interface MinorAmount {
  value: number;
  currency: string;
}

/** What create and GET answer the frontend (spec "Provider D adapter"). */
export interface DropinSession {
  paymentId: string;
  clientKey: string;
  locale: string;
  environment: string;
  amount: MinorAmount;
  paymentMethodsResponse: { paymentMethods: unknown[]; storedPaymentMethods: unknown[] };
  paymentMethodsConfiguration: Record<string, unknown>;
  /** The configured drop-in script and stylesheet (`dropin.*`), when the channel names them. */
  scriptUrl?: string;
  stylesheetUrl?: string;
}

/** Provider D's answer to `/payments` and `/payments/details` (what the adapter reads of it; the rest is mirrored as is). */
export interface ProviderPaymentResponse {
  resultCode: string;
  pspReference?: string;
  merchantReference?: string;
  amount?: MinorAmount;
  action?: Record<string, unknown>;
  refusalReason?: string;
  paymentMethod?: { type?: string; brand?: string };
  additionalData?: Record<string, string>;
  [field: string]: unknown;
}

/**
 * One of the provider's own models (`@adyen/api-library`'s Checkout types, generated from its
 * published OpenAPI document) as the JSON the adapter sends: its enums as their string values, its
 * dates as strings. The adapter's request bodies are written against these, so a field the
 * provider renames, drops or retypes fails the type check (docs/adapters/provider-d.md, "Published API").
 */
export type Json<T> = T extends string ? `${T}` : T extends Date ? string : T extends ReadonlyArray<infer U> ? Array<Json<U>> : T extends object ? { [K in keyof T]: Json<T[K]> } : T;

/** `POST /paymentMethods`. */
export type PaymentMethodsRequest = Json<Types.checkout.PaymentMethodsRequest>;
/** `POST /payments`. */
export type PaymentRequest = Json<Types.checkout.PaymentRequest>;
/** `POST /payments/details`. */
export type PaymentDetailsRequest = Json<Types.checkout.PaymentDetailsRequest>;
/** `POST /payments/{paymentPspReference}/captures`. */
export type PaymentCaptureRequest = Json<Types.checkout.PaymentCaptureRequest>;
/** `POST /payments/{paymentPspReference}/refunds`. */
export type PaymentRefundRequest = Json<Types.checkout.PaymentRefundRequest>;
/** `POST /payments/{paymentPspReference}/cancels`. */
export type PaymentCancelRequest = Json<Types.checkout.PaymentCancelRequest>;
/** The answer to a capture, refund or cancel: received, the outcome comes by webhook. */
export type ModificationAnswer = Pick<Json<Types.checkout.PaymentCaptureResponse>, 'merchantAccount' | 'paymentPspReference' | 'pspReference' | 'reference' | 'status'>;
