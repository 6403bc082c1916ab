import { createHash } from 'node:crypto';
import { AppError } from '../kit/platform.js';
import { PLATFORM_TIMEOUT } from './commerce-adapter.settings.js';
import { PlatformCallError, callJson } from '../kit/platform-call.js';
import { apiBaseUrlOf, type CommerceAdapterConfiguration } from './commerce-adapter.config.js';
import { CommerceIdentity } from './commerce-identity.client.js';
import type { Basket, Buyer, CommerceOrder, DeliveryInput, DeliveryMethod, PaymentInput, PurchaseInput } from './commerce-platform.types.js';

const enc = encodeURIComponent;

export interface CommerceClientOptions {
  /** Time source (tests); default Date.now. */
  now?: () => number;
  /** How long a call to the commerce platform waits (COMMERCE_PLATFORM_TIMEOUT_MS; default 8 s). */
  timeoutMs?: number;
  /** How long a token request to its identity service waits (COMMERCE_IDENTITY_TIMEOUT_MS; default 5 s). */
  identityTimeoutMs?: number;
}

/**
 * The commerce platform's API (docs/sandboxes.md), typed. Every call carries the identity
 * service's bearer token; a 401 drops the token and the call is tried once more with a new one.
 * Errors keep the platform's `{code, message}`: its 4xx are passed on as they are, anything
 * else is 502 (`commerce_unavailable` when it could not be reached).
 */
export class CommercePlatformClient {
  private readonly timeoutMs: number;

  constructor(
    private readonly baseUrl: string,
    private readonly identity: CommerceIdentity,
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? PLATFORM_TIMEOUT.default!;
  }

  listDeliveryMethods = async () => (await this.call<{ deliveryMethods: DeliveryMethod[] }>('GET', '/api/v1/delivery-methods')).deliveryMethods;
  getBasket = (basketId: string) => this.call<Basket>('GET', `/api/v1/baskets/${enc(basketId)}`);
  getBuyer = async (basketId: string) => (await this.call<{ buyer: Buyer | null }>('GET', `/api/v1/baskets/${enc(basketId)}/buyer`)).buyer;
  setBuyer = async (basketId: string, buyer: Buyer) => (await this.call<{ buyer: Buyer }>('PUT', `/api/v1/baskets/${enc(basketId)}/buyer`, buyer)).buyer;
  updateItem = (basketId: string, itemId: string, quantity: number) => this.call<Basket>('PATCH', `/api/v1/baskets/${enc(basketId)}/items/${enc(itemId)}`, { quantity });
  setDelivery = (basketId: string, delivery: DeliveryInput) => this.call<Basket>('PUT', `/api/v1/baskets/${enc(basketId)}/delivery`, delivery);
  purchase = (basketId: string, input: PurchaseInput) => this.call<{ orderId: string; order: CommerceOrder }>('POST', `/api/v1/baskets/${enc(basketId)}/purchase`, input);
  getOrder = (orderId: string) => this.call<CommerceOrder>('GET', `/api/v1/orders/${enc(orderId)}`);
  validatePayment = (orderId: string, input: PaymentInput) => this.call<{ valid: boolean; status: string }>('POST', `/api/v1/orders/${enc(orderId)}/payment/validate`, input);
  completePayment = (orderId: string, input: PaymentInput) => this.call<CommerceOrder>('POST', `/api/v1/orders/${enc(orderId)}/payment/complete`, input);
  cancelOrder = (orderId: string, reason: string) => this.call<CommerceOrder>('POST', `/api/v1/orders/${enc(orderId)}/cancel`, { reason });

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const token = await this.identity.accessToken();
    try {
      return await this.send<T>(method, path, token, body);
    } catch (error) {
      if (!(error instanceof PlatformCallError) || error.httpStatus !== 401) throw error;
      this.identity.invalidate(token);
    }
    try {
      return await this.send<T>(method, path, await this.identity.accessToken(), body);
    } catch (error) {
      if (error instanceof PlatformCallError && error.httpStatus === 401) {
        throw new AppError(502, 'commerce_unauthorized', 'The commerce platform refused a freshly issued access token.');
      }
      throw error;
    }
  }

  private async send<T>(method: string, path: string, token: string, body: unknown): Promise<T> {
    try {
      return await callJson<T>(`${this.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}` }, body, timeoutMs: this.timeoutMs });
    } catch (error) {
      if (error instanceof PlatformCallError && error.httpStatus === undefined) {
        throw new AppError(502, 'commerce_unavailable', `The commerce platform could not be reached: ${error.message}`);
      }
      throw error;
    }
  }
}

/**
 * One client (and so one cached token) per commerce platform and identity client: channels
 * configured with the same credentials share it; a changed secret gets a new one.
 */
export class CommercePlatformClients {
  private readonly clients = new Map<string, CommercePlatformClient>();

  constructor(private readonly options: CommerceClientOptions = {}) {}

  for(configuration: Pick<CommerceAdapterConfiguration, 'api'>): CommercePlatformClient {
    const { api } = configuration;
    const baseUrl = apiBaseUrlOf(configuration);
    const secretHash = createHash('sha256').update(api.identityClientSecret).digest('base64url');
    const key = [baseUrl, api.identityAddress, api.identityClientId, api.identityScope, secretHash].join('\u0000');
    let client = this.clients.get(key);
    if (!client) {
      if (this.clients.size >= 500) this.clients.clear();
      const { now, timeoutMs, identityTimeoutMs } = this.options;
      client = new CommercePlatformClient(baseUrl, new CommerceIdentity(api, { ...(now ? { now } : {}), ...(identityTimeoutMs ? { timeoutMs: identityTimeoutMs } : {}) }), timeoutMs ? { timeoutMs } : {});
      this.clients.set(key, client);
    }
    return client;
  }
}
