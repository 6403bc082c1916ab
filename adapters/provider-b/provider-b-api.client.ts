import { send } from '../../platform/http-client/http-client.js';
import { ProviderError } from '../kit/provider-error.js';
import { withClientSpan } from '../kit/platform.js';

/**
 * Provider B's partner API (docs/sandboxes.md, "Provider B sandbox"): a partner token from the
 * client credentials, kept until shortly before it expires (one cache per adapter process, per
 * API address and client), then purchases and their order management. Amounts are major units.
 * Every refusal is a ProviderBError with the provider's status and code.
 */

/** An item as Avarda Checkout 3 publishes it: `amount` and `taxAmount` per unit incl. VAT (major units), `notes` our reference, `taxCode` the VAT percentage. */
export interface PurchaseItem {
  description: string;
  notes: string;
  amount: number;
  taxCode: string;
  taxAmount: number;
  quantity: number;
}

export interface PurchaseAddress {
  givenName?: string;
  familyName?: string;
  streetAddress?: string;
  streetAddress2?: string;
  postalCode?: string;
  city?: string;
  country?: string;
  phone?: string;
  email?: string;
}

export type PurchaseStep = 'Initiated' | 'ShopperDataEntered' | 'Completed' | 'Declined' | 'TimedOut' | (string & {});

/** `GET /api/partner/payments/{purchaseId}`. */
export interface Purchase {
  purchaseId: string;
  merchantReference: string;
  currency: string;
  items: PurchaseItem[];
  totalAmount: number;
  currentStep: PurchaseStep;
  customer: (PurchaseAddress & { type?: string; nationalIdentificationNumber?: string }) | null;
  deliveryAddress: PurchaseAddress | null;
  invoicingAddress: PurchaseAddress | null;
  shippingOption: { id: string; name: string; amount: number; vatRate?: number; carrier?: string } | null;
  paymentMethod: string | null;
  consents: Record<string, boolean>;
  management: { status: string; authorizedAmount: number; deliveredAmount: number; refundedAmount: number };
  completedUtc: string | null;
}

/** Initialize payment (`POST /api/partner/payments`): what the adapter sends of the published request. */
export interface NewPurchase {
  checkoutSetup: { language: string; completedNotificationUrl: string };
  items: PurchaseItem[];
  extraIdentifiers: { orderReference: string };
}

/** Order (delivery) and return: the items, the merchant's order reference and the request's id (`tranId`, at most 36 characters). */
export interface ManagementRequest {
  items: PurchaseItem[];
  orderReference: string;
  tranId: string;
}

export interface ApiSettings {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
}

/** Provider B refused (status set) or could not be reached (status undefined). */
export class ProviderBError extends ProviderError {
  override name = 'ProviderBError';
}

type CachedToken = { token: string; expiresAt: number };
/** Tokens are renewed this long before they expire. */
const RENEW_BEFORE_MS = 60_000;
const enc = encodeURIComponent;

export class ProviderBApiClient {
  constructor(
    /** How long each call waits for an answer (PROVIDER_B_API_TIMEOUT_MS). */
    private readonly timeoutMs: number,
    private readonly tokens = new Map<string, CachedToken>(),
  ) {}

  createPurchase = (settings: ApiSettings, purchase: NewPurchase) => this.call<{ purchaseId: string; jwt: string; expiredUtc: string }>(settings, 'POST', '/api/partner/payments', purchase);
  getPurchase = (settings: ApiSettings, purchaseId: string) => this.call<Purchase>(settings, 'GET', `/api/partner/payments/${enc(purchaseId)}`);
  updateItems = (settings: ApiSettings, purchaseId: string, items: PurchaseItem[]) => this.call<Purchase>(settings, 'PUT', `/api/partner/payments/${enc(purchaseId)}/items`, { items });
  /** Order management answers 200 with no content (published): the purchase is read again for its state. */
  deliver = (settings: ApiSettings, purchaseId: string, request: ManagementRequest) => this.call<unknown>(settings, 'POST', `/api/partner/payments/${enc(purchaseId)}/order`, request);
  refund = (settings: ApiSettings, purchaseId: string, request: Omit<ManagementRequest, 'orderReference'> & { orderReference?: string }) => this.call<unknown>(settings, 'POST', `/api/partner/payments/${enc(purchaseId)}/return`, request);
  cancel = (settings: ApiSettings, purchaseId: string, reason: string) => this.call<unknown>(settings, 'POST', `/api/partner/payments/${enc(purchaseId)}/cancel`, { reason });

  /** One call with a partner token; a 401 (the token was revoked or expired early) gets a new token and one more try. */
  private async call<T>(settings: ApiSettings, method: string, path: string, body?: unknown): Promise<T> {
    const first = await this.send(settings, method, path, body, await this.token(settings));
    if (first.status !== 401) return this.answer<T>(first, method, path);
    this.tokens.delete(cacheKey(settings));
    return this.answer<T>(await this.send(settings, method, path, body, await this.token(settings)), method, path);
  }

  private async token(settings: ApiSettings): Promise<string> {
    const key = cacheKey(settings);
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > Date.now()) return cached.token;
    const answer = this.answer<{ token: string; tokenExpirationUtc: string }>(
      await this.send(settings, 'POST', '/api/partner/tokens', { clientId: settings.clientId, clientSecret: settings.clientSecret }),
      'POST',
      '/api/partner/tokens',
    );
    this.tokens.set(key, { token: answer.token, expiresAt: Date.parse(answer.tokenExpirationUtc) || Date.now() + 5 * 60_000 });
    return answer.token;
  }

  private send(settings: ApiSettings, method: string, path: string, body: unknown, token?: string) {
    const url = `${settings.apiUrl.replace(/\/+$/, '')}${path}`;
    return withClientSpan({ name: `${method} provider B`, method, url }, async (traceHeaders) => {
      // The API address is the merchant's configuration: the outbound address policy applies.
      const outcome = await send(url, { method, headers: token ? { authorization: `Bearer ${token}` } : {}, body, timeoutMs: this.timeoutMs, guarded: true, traceHeaders });
      if (outcome.kind !== 'answered') {
        const why = outcome.kind === 'timeout' ? 'did not answer in time' : `could not be reached (${outcome.error})`;
        throw new ProviderBError(undefined, outcome.kind, `Provider B ${why} (${method} ${path}).`);
      }
      return outcome;
    });
  }

  private answer<T>(outcome: { status: number; body: unknown }, method: string, path: string): T {
    if (outcome.status >= 200 && outcome.status < 300) return outcome.body as T;
    const error = (outcome.body ?? {}) as { code?: unknown; message?: unknown };
    throw new ProviderBError(
      outcome.status,
      typeof error.code === 'string' ? error.code : `http_${outcome.status}`,
      `Provider B refused ${method} ${path.replace(/\/[0-9a-f-]{36}/g, '/{purchaseId}')}: ${typeof error.message === 'string' ? error.message : `HTTP ${outcome.status}`}`,
      outcome.body,
    );
  }
}

const cacheKey = (settings: ApiSettings) => `${settings.apiUrl}\n${settings.clientId}`;
