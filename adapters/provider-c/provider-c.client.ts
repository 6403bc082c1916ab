import { send } from '../../platform/http-client/http-client.js';
import { ProviderError } from '../kit/provider-error.js';
import { withClientSpan } from '../kit/platform.js';
import { signRequest } from './provider-c.signature.js';
import type { AdminOrder, CustomerAddress, JuridicalType, OrderItem, PaymentTransaction, ProviderCConfiguration, QliroOrder } from './provider-c.types.js';

/** The provider refused (status set, its `ErrorCode` as code) or could not be reached (status undefined). */
export class ProviderCError extends ProviderError {
  override name = 'ProviderCError';
}

/** A shipping method offered in the checkout (`AvailableShippingMethods`). */
export interface ShippingMethod {
  MerchantReference: string;
  DisplayName: string;
  PriceIncVat: number;
  PriceExVat: number;
}

/** The prefill (`CustomerInformation`): what the shop already knows of the shopper. */
export interface CustomerInformation {
  Email?: string;
  MobileNumber?: string;
  JuridicalType?: JuridicalType;
  Address?: CustomerAddress;
  ShippingAddress?: CustomerAddress;
}

/** Create order as published (QliroOrderCreateRequestInterface); the client adds `MerchantApiKey`. */
export interface CreateOrderRequest {
  MerchantReference: string;
  Currency: string;
  Country: string;
  Language: string;
  MerchantTermsUrl: string;
  MerchantConfirmationUrl: string;
  MerchantCheckoutStatusPushUrl: string;
  MerchantOrderManagementStatusPushUrl: string;
  MerchantOrderValidationUrl: string;
  MerchantSavedCreditCardPushUrl?: string;
  OrderItems: OrderItem[];
  CustomerInformation?: CustomerInformation;
  AvailableShippingMethods?: ShippingMethod[];
}

/** Update order as published (QliroOrderUpdateRequestInterface). */
export interface UpdateOrderRequest {
  OrderItems: OrderItem[];
  AvailableShippingMethods?: ShippingMethod[];
}

/** Create merchant payment as published (AdminCreateMerchantPaymentRequestInterface): a saved card charged without the shopper. */
export interface MerchantPaymentRequest {
  RequestId: string;
  MerchantReference: string;
  Currency: string;
  Country: string;
  Language: string;
  MerchantOrderManagementStatusPushUrl: string;
  OrderItems: OrderItem[];
  Customer?: { Email?: string; MobileNumber?: string; JuridicalType?: JuridicalType };
  BillingAddress?: CustomerAddress;
  ShippingAddress?: CustomerAddress;
  PaymentMethod: { Name: 'CREDITCARDS'; MerchantSavedCreditCardId: string };
}

const enc = encodeURIComponent;

/**
 * Provider C's merchant and admin API (Qliro One's, docs/adapters/provider-c.md "Published
 * API"): every request carries the token made with the merchant's secret, and a body names the
 * merchant by `MerchantApiKey`; errors come as `{ErrorCode, ErrorMessage}`.
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

  /** Create order answers the new `OrderId` (published); the order is then read for its snippet and status. */
  createOrder = async (request: CreateOrderRequest): Promise<QliroOrder> => {
    const created = await this.call<{ OrderId: number }>('POST', '/checkout/merchantapi/orders', { MerchantApiKey: this.settings.merchantId, ...request });
    return this.getOrder(created.OrderId);
  };
  getOrder = (orderId: number | string) => this.call<QliroOrder>('GET', `/checkout/merchantapi/orders/${enc(String(orderId))}`);
  /** Its answer is not published in the sources read: nothing of it is used. */
  updateOrder = async (orderId: number | string, request: UpdateOrderRequest): Promise<void> => {
    await this.call<unknown>('PUT', `/checkout/merchantapi/orders/${enc(String(orderId))}`, { MerchantApiKey: this.settings.merchantId, ...request });
  };
  createMerchantPayment = (request: MerchantPaymentRequest) =>
    this.call<{ OrderId: number; PaymentTransactions: PaymentTransaction[] }>('POST', '/checkout/adminapi/v2/merchantpayment', { MerchantApiKey: this.settings.merchantId, ...request });
  getAdminOrder = (orderId: number | string) => this.call<AdminOrder>('GET', `/checkout/adminapi/v2/orders/${enc(String(orderId))}`);

  private call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = `${this.baseUrl}${path}`;
    return withClientSpan({ name: `${method} provider C`, method, url }, async (traceHeaders) => {
      const outcome = await send(url, {
        method,
        body,
        timeoutMs: this.timeoutMs,
        guarded: false,
        traceHeaders,
        headers: async (text) => ({ authorization: signRequest(this.settings.sharedSecret, text) }),
      });
      if (outcome.kind !== 'answered') {
        throw new ProviderCError(undefined, outcome.kind, `Provider C ${outcome.kind === 'timeout' ? 'did not answer in time' : 'could not be reached'} (${method} ${path}).`);
      }
      if (outcome.status < 200 || outcome.status > 299) {
        const error = (outcome.body ?? {}) as { ErrorCode?: unknown; ErrorMessage?: unknown };
        throw new ProviderCError(
          outcome.status,
          typeof error.ErrorCode === 'string' ? error.ErrorCode : `HTTP_${outcome.status}`,
          typeof error.ErrorMessage === 'string' ? error.ErrorMessage : `Provider C answered HTTP ${outcome.status} (${method} ${path}).`,
          outcome.body,
        );
      }
      return outcome.body as T;
    });
  }
}
