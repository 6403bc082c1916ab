// Provider B's partner API client (Avarda Checkout 3): partner tokens, purchases, order management.
import { ProviderError, ProviderHttpClient, type ProviderAnswer, type ProviderRefusal, type ProviderRequest } from '../kit/index.js';

/**
 * Provider B's partner API (docs/sandboxes.md, "Provider B sandbox"): a partner token from the
 * client credentials, kept until shortly before it expires (one cache per adapter process, per
 * API address and client), then purchases and their order management. Amounts are major units.
 * Every refusal is a ProviderBError with the provider's status and code.
 */

/** An item as Avarda Checkout 3 publishes it: `amount` and `taxAmount` per unit incl. VAT (major units), `notes` our reference, `taxCode` the VAT percentage; description and notes at most 35 characters. */
export interface PurchaseItem {
  description: string;
  notes: string;
  amount: number;
  taxCode: string;
  taxAmount: number;
  quantity: number;
}

/** An address as Avarda answers and takes it (a company's `name`; a delivery address's own phone and e-mail). */
export interface AvardaAddress {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  address1?: string | null;
  address2?: string | null;
  zip?: string | null;
  city?: string | null;
  country?: string | null;
  phone?: string | null;
  email?: string | null;
}

/** The shopper's data of one mode (`b2C` or `b2B` of the purchase). */
export interface PurchaseModeData {
  step?: { current?: string; emailNewsletterSubscription?: string; customerToken?: string | null } | null;
  userInputs?: { email?: string | null; phone?: string | null } | null;
  invoicingAddress?: AvardaAddress | null;
  deliveryAddress?: AvardaAddress | null;
  /** A company's contact person (B2B). */
  customerInfo?: { firstName?: string | null; lastName?: string | null } | null;
}

/** The shipping broker's module in the purchase (Ingrid's fields; Krokedil's integration reads them). */
export interface ShippingModule {
  id?: string;
  status?: string;
  shipping_price?: number;
  selected_shipping_option?: { shipping_method?: string; carrier?: string; product?: string } | null;
  result?: { category?: { name?: string } | null; shipping?: { product?: string; carrier?: string } | null } | null;
}

/** Payment status, `GET /api/partner/payments/{purchaseId}`: the purchase in Avarda's shape (test/contracts/provider-b.published.ts names each field's source). */
export interface Purchase {
  purchaseId: string;
  extraIdentifiers?: { orderReference?: string | null } | null;
  totalPrice: number;
  createdUtc?: string;
  expiredUtc?: string;
  checkoutSite?: { siteCode?: string; countryCode?: string; currencyCode?: string } | null;
  mode: string;
  b2C?: PurchaseModeData | null;
  b2B?: PurchaseModeData | null;
  paymentMethods?: { selectedPayment?: { type?: string; paymentFee?: number } | null } | null;
  Modules?: ShippingModule[] | null;
}

/** The shop's prefill of the shopper at initialize payment (`b2C`: Avarda's own modules send it so). */
export interface ShopperPrefill {
  invoicingAddress?: AvardaAddress;
  deliveryAddress?: AvardaAddress;
  userInputs?: { email?: string; phone?: string };
}

/** Initialize payment (`POST /api/partner/payments`): what the adapter sends of the published request. */
export interface NewPurchase {
  checkoutSetup: { language: string; mode: 'B2C'; completedNotificationUrl: string; differentDeliveryAddress: 'Checked' | 'Unchecked' };
  items: PurchaseItem[];
  extraIdentifiers: { orderReference: string };
  b2C?: ShopperPrefill;
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
  /** Update items and order management answer 200 with no content: the purchase is read again when its state matters. */
  updateItems = (settings: ApiSettings, purchaseId: string, items: PurchaseItem[]) => this.call<unknown>(settings, 'PUT', `/api/partner/payments/${enc(purchaseId)}/items`, { items });
  deliver = (settings: ApiSettings, purchaseId: string, request: ManagementRequest) => this.call<unknown>(settings, 'POST', `/api/partner/payments/${enc(purchaseId)}/order`, request);
  refund = (settings: ApiSettings, purchaseId: string, request: Omit<ManagementRequest, 'orderReference'> & { orderReference?: string }) => this.call<unknown>(settings, 'POST', `/api/partner/payments/${enc(purchaseId)}/return`, request);
  cancel = (settings: ApiSettings, purchaseId: string, reason: string) => this.call<unknown>(settings, 'POST', `/api/partner/payments/${enc(purchaseId)}/cancel`, { reason });

  /** One call with a partner token; a 401 (the token was revoked or expired early) gets a new token and one more try. */
  private async call<T>(settings: ApiSettings, method: string, path: string, body?: unknown): Promise<T> {
    const http = this.http(settings);
    const request = { method, path, body, route: path.replace(/\/[0-9a-f-]{32,36}/g, '/{purchaseId}') };
    const first = await http.exchange({ ...request, headers: { authorization: `Bearer ${await this.token(settings)}` } });
    if (first.status !== 401) return http.accept<T>(first, request);
    this.tokens.delete(cacheKey(settings));
    return http.send<T>({ ...request, headers: { authorization: `Bearer ${await this.token(settings)}` } });
  }

  private async token(settings: ApiSettings): Promise<string> {
    const key = cacheKey(settings);
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > Date.now()) return cached.token;
    const answer = await this.http(settings).send<{ token: string; tokenExpirationUtc: string }>({ method: 'POST', path: '/api/partner/tokens', body: { clientId: settings.clientId, clientSecret: settings.clientSecret } });
    this.tokens.set(key, { token: answer.token, expiresAt: Date.parse(answer.tokenExpirationUtc) || Date.now() + 5 * 60_000 });
    return answer.token;
  }

  /** The kit's provider client for one merchant's API address (the configuration's: the outbound address policy applies). */
  private http(settings: ApiSettings): ProviderHttpClient {
    return new ProviderHttpClient({ name: 'Provider B', baseUrl: settings.apiUrl, timeoutMs: this.timeoutMs, error: ProviderBError, refusal: refusalOf });
  }
}

/**
 * Avarda's error form (docs.avarda.com, Checkout 3 "Error codes": `errorCode` and `errorMessage`,
 * per field `Errors[].ErrorMessage`; the token endpoint's `error_description`, which Avarda's
 * Magento module reads).
 */
function refusalOf(answer: ProviderAnswer, request: ProviderRequest): ProviderRefusal {
  const error = (answer.body ?? {}) as { errorCode?: unknown; errorMessage?: unknown; Errors?: unknown; error_description?: unknown };
  const fields = Array.isArray(error.Errors) ? error.Errors.map((field: { ErrorMessage?: unknown }) => field?.ErrorMessage).filter((text): text is string => typeof text === 'string') : [];
  const said = typeof error.errorMessage === 'string' ? error.errorMessage : fields.length > 0 ? fields.join(' ') : typeof error.error_description === 'string' ? error.error_description : `HTTP ${answer.status}`;
  return {
    code: typeof error.errorCode === 'number' ? `avarda_${error.errorCode}` : `http_${answer.status}`,
    message: `Provider B refused ${request.method} ${request.route ?? request.path}: ${said}`,
  };
}

const cacheKey = (settings: ApiSettings) => `${settings.apiUrl}\n${settings.clientId}`;
