/** Provider D (drop-in card and wallet provider): the adapter's id and configuration (provider_d_dropin_adapter.schema.json, beside it). */
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
