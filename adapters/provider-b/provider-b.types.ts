/** Provider B's adapter: its id, its configuration (provider_b_checkout_adapter.schema.json beside it). */
export const PROVIDER_B_ADAPTER_ID = 'provider_b_checkout_adapter';

export interface ProviderBConfiguration {
  apiSettings: { apiUrl: string; clientId: string; clientSecret: string };
  checkout?: {
    /** The script that embeds the checkout; default `{apiUrl}/checkout.js`. */
    javascriptUrl?: string;
    language?: string;
    styles?: Record<string, unknown>;
    /** `test` (default) or `production` at the provider. */
    mode?: 'test' | 'production';
    /** The payment's name on the order; default "Provider B". */
    paymentName?: string;
    /** The storefront's checkout page (`GET …/callback/cancel` sends the shopper back there). */
    checkoutUrl?: string;
    /** The VAT rate of the shipping broker's prices (they come incl. VAT only); default 0.25. */
    shippingVatRate?: number;
  };
}

/** The VAT rate in the shipping broker's prices (the configuration's, default 25 %). */
export const shippingVatRate = (configuration: ProviderBConfiguration): number => configuration.checkout?.shippingVatRate ?? 0.25;

/** What create and GET answer the storefront (spec: `{paymentId, purchaseJwt, javascriptUrl, styles}`). */
export interface ProviderBSession {
  paymentId: string;
  purchaseJwt: string;
  javascriptUrl: string;
  styles: Record<string, unknown>;
}
