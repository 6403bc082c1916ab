import { ProviderError, ProviderHttpClient, type ProviderAnswer, type ProviderRefusal, type ProviderRequest } from '../kit/index.js';
import type { CheckoutOrder, ManagedOrder } from './provider-a.types.js';

/** The provider refused (status set) or could not be reached (status undefined). */
export class ProviderAError extends ProviderError {
  override name = 'ProviderAError';
}

export interface ProviderASettings {
  apiUrl: string;
  username: string;
  password: string;
}

const enc = encodeURIComponent;

/** The idempotency header Klarna's order-management and customer-token APIs read (the checkout API publishes none). */
export const IDEMPOTENCY_HEADER = 'klarna-idempotency-key';

/**
 * Provider A's API — Klarna Checkout v3, Order Management v1, Customer Token v1
 * (docs/adapters/provider-a.md "Published API"): HTTP Basic, integer minor units, a
 * `Klarna-Idempotency-Key` on every order-management and customer-token call that changes
 * something. Refusals are ProviderAErrors carrying the provider's `error_code` and first message.
 */
export class ProviderAClient {
  private readonly http: ProviderHttpClient;

  constructor(
    settings: ProviderASettings,
    /** How long each call waits for an answer (PROVIDER_A_API_TIMEOUT_MS). */
    timeoutMs: number,
  ) {
    this.http = new ProviderHttpClient({
      name: 'Provider A',
      baseUrl: settings.apiUrl,
      timeoutMs,
      headers: { authorization: `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}` },
      idempotencyHeader: IDEMPOTENCY_HEADER,
      error: ProviderAError,
      refusal: refusalOf,
    });
  }

  createOrder = (order: object) => this.call<CheckoutOrder>('POST', '/checkout/v3/orders', order);
  readOrder = (id: string) => this.call<CheckoutOrder>('GET', `/checkout/v3/orders/${enc(id)}`);
  updateOrder = (id: string, update: object) => this.call<CheckoutOrder>('POST', `/checkout/v3/orders/${enc(id)}`, update);
  readManaged = (id: string) => this.call<ManagedOrder>('GET', `/ordermanagement/v1/orders/${enc(id)}`);
  acknowledge = (id: string, key: string) => this.call<void>('POST', `/ordermanagement/v1/orders/${enc(id)}/acknowledge`, undefined, key);
  capture = (id: string, amount: number, key: string) => this.call<void>('POST', `/ordermanagement/v1/orders/${enc(id)}/captures`, { captured_amount: amount }, key);
  refund = (id: string, amount: number, key: string) => this.call<void>('POST', `/ordermanagement/v1/orders/${enc(id)}/refunds`, { refunded_amount: amount }, key);
  cancel = (id: string, key: string) => this.call<void>('POST', `/ordermanagement/v1/orders/${enc(id)}/cancel`, undefined, key);
  setMerchantReference = (id: string, reference: string, key: string) =>
    this.call<void>('PATCH', `/ordermanagement/v1/orders/${enc(id)}/merchant-references`, { merchant_reference1: reference }, key);
  tokenOrder = (token: string, order: object, key: string) =>
    this.call<{ order_id: string; fraud_status: ManagedOrder['fraud_status']; redirect_url?: string }>('POST', `/customer-token/v1/tokens/${enc(token)}/order`, order, key);

  private call<T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    return this.http.send<T>({ method, path, body, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) });
  }
}

/** Klarna's error form: `error_code`, `error_messages[]`, `correlation_id`. */
function refusalOf(answer: ProviderAnswer, request: ProviderRequest): ProviderRefusal {
  const error = (answer.body ?? {}) as { error_code?: unknown; error_messages?: unknown; correlation_id?: unknown };
  const code = typeof error.error_code === 'string' ? error.error_code : `HTTP_${answer.status}`;
  const first = Array.isArray(error.error_messages) && typeof error.error_messages[0] === 'string' ? error.error_messages[0] : `HTTP ${answer.status}`;
  const correlation = typeof error.correlation_id === 'string' ? ` [correlation ${error.correlation_id}]` : '';
  return { code, message: `Provider A refused ${request.method} ${request.path}: ${code} — ${first}${correlation}` };
}
