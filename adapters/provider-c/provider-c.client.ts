import { ProviderError, ProviderHttpClient, type ProviderAnswer, type ProviderRefusal, type ProviderRequest } from '../kit/index.js';
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
  private readonly http: ProviderHttpClient;

  constructor(
    private readonly settings: ProviderCConfiguration['apiSettings'],
    /** How long each call waits for an answer (PROVIDER_C_API_TIMEOUT_MS). */
    timeoutMs: number,
  ) {
    this.http = new ProviderHttpClient({
      name: 'Provider C',
      baseUrl: settings.apiUrl,
      timeoutMs,
      // Every request carries the token made of its exact body with the merchant's secret.
      headers: async (text) => ({ authorization: signRequest(settings.sharedSecret, text) }),
      guarded: false,
      error: ProviderCError,
      refusal: refusalOf,
    });
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
    return this.http.send<T>({ method, path, body });
  }
}

/** Qliro One's error form: `{ErrorCode, ErrorMessage}`. */
function refusalOf(answer: ProviderAnswer, request: ProviderRequest): ProviderRefusal {
  const error = (answer.body ?? {}) as { ErrorCode?: unknown; ErrorMessage?: unknown };
  return {
    code: typeof error.ErrorCode === 'string' ? error.ErrorCode : `HTTP_${answer.status}`,
    message: typeof error.ErrorMessage === 'string' ? error.ErrorMessage : `Provider C answered HTTP ${answer.status} (${request.method} ${request.path}).`,
  };
}
