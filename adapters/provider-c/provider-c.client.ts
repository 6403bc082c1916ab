import { send } from '../../platform/http-client/http-client.js';
import { ProviderError } from '../kit/provider-error.js';
import { withClientSpan } from '../kit/platform.js';
import { signRequest } from './provider-c.signature.js';
import type { ProviderCartLine, ProviderCConfiguration, ProviderOrder } from './provider-c.types.js';

/** The provider refused (status set) or could not be reached (status undefined). */
export class ProviderCError extends ProviderError {
  override name = 'ProviderCError';
}

export interface CreateOrderRequest {
  MerchantReference: string;
  Currency: string;
  CountryCode: string;
  Locale: string;
  Cart: { Items: ProviderCartLine[] };
  MerchantSettings: {
    TermsUri: string;
    ConfirmationUri: string;
    PushUri: string;
    OrderManagementPushUri?: string;
    CheckoutValidationCallBackUri?: string;
    CheckoutUri?: string;
  };
  Recurring?: boolean;
  ShippingIntegration?: boolean;
  ValidationTimeoutApproves?: boolean;
}

export type RecurringOrderRequest = Pick<CreateOrderRequest, 'MerchantReference' | 'Currency' | 'CountryCode' | 'Cart' | 'Locale'> & { MerchantSettings?: Partial<CreateOrderRequest['MerchantSettings']> };

const enc = encodeURIComponent;

/**
 * Provider C's merchant API (docs/sandboxes.md, "Provider C sandbox"): every request signed with
 * the merchant's shared secret; amounts in major units including VAT.
 */
export class ProviderCClient {
  private readonly baseUrl: string;

  constructor(
    private readonly settings: ProviderCConfiguration['apiSettings'],
    /** How long each call waits for an answer (PROVIDER_C_API_TIMEOUT_MS). */
    private readonly timeoutMs: number,
  ) {
    this.baseUrl = settings.apiUrl.replace(/\/+$/, '');
  }

  createOrder = (request: CreateOrderRequest) => this.call<ProviderOrder>('POST', '/checkout/merchantapi/orders', request);
  getOrder = (orderId: number | string) => this.call<ProviderOrder>('GET', `/checkout/merchantapi/orders/${enc(String(orderId))}`);
  updateCart = (orderId: number | string, items: ProviderCartLine[]) => this.call<ProviderOrder>('PUT', `/checkout/merchantapi/orders/${enc(String(orderId))}`, { Cart: { Items: items } });
  recurringOrder = (token: string, request: RecurringOrderRequest) => this.call<ProviderOrder>('POST', `/checkout/merchantapi/tokens/${enc(token)}/orders`, request);

  private call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = `${this.baseUrl}${path}`;
    return withClientSpan({ name: `${method} provider C`, method, url }, async (traceHeaders) => {
      const outcome = await send(url, {
        method,
        body,
        timeoutMs: this.timeoutMs,
        guarded: false,
        traceHeaders,
        headers: async (text) => ({ authorization: signRequest(this.settings.merchantId, this.settings.sharedSecret, text) }),
      });
      if (outcome.kind !== 'answered') {
        throw new ProviderCError(undefined, outcome.kind, `Provider C ${outcome.kind === 'timeout' ? 'did not answer in time' : 'could not be reached'} (${method} ${path}).`);
      }
      if (outcome.status < 200 || outcome.status > 299) {
        const error = (outcome.body ?? {}) as { code?: unknown; message?: unknown };
        throw new ProviderCError(
          outcome.status,
          typeof error.code === 'string' ? error.code : `http_${outcome.status}`,
          typeof error.message === 'string' ? error.message : `Provider C answered HTTP ${outcome.status} (${method} ${path}).`,
          outcome.body,
        );
      }
      return outcome.body as T;
    });
  }
}
