import { send } from '../../platform/http-client/http-client.js';
import { ProviderError } from '../kit/provider-error.js';
import { money, toAmount, withClientSpan } from '../kit/platform.js';
import { signRequest } from './provider-c.signature.js';
import type { ProviderCartLine, ProviderCConfiguration, ProviderOrder } from './provider-c.types.js';

/** The provider refused (status set) or could not be reached (status undefined). */
export class ProviderCError extends ProviderError {
  override name = 'ProviderCError';
}

/** An order item as Qliro One publishes it: prices per item incl. and excl. VAT (major units), `VatRate` in percent. */
export interface OrderItem {
  MerchantReference: string;
  Description: string;
  Type: 'Product' | 'Discount' | 'Fee' | 'Shipping';
  Quantity: number;
  PricePerItemIncVat: number;
  PricePerItemExVat: number;
  VatRate: number;
}

/** Create order as published (the client adds `MerchantApiKey` and turns the lines into `OrderItems`); `Recurring` is not published (docs). */
export interface CreateOrderRequest {
  MerchantReference: string;
  Currency: string;
  Country: string;
  Language: string;
  MerchantTermsUrl: string;
  MerchantConfirmationUrl: string;
  MerchantCheckoutStatusPushUrl: string;
  MerchantOrderManagementStatusPushUrl?: string;
  MerchantOrderValidationUrl?: string;
  lines: ProviderCartLine[];
  Recurring?: boolean;
}

export type RecurringOrderRequest = Pick<CreateOrderRequest, 'MerchantReference' | 'Currency' | 'Country' | 'Language' | 'lines' | 'MerchantOrderManagementStatusPushUrl'>;

const TYPES = { Line: 'Product', ShippingFee: 'Shipping', Discount: 'Discount' } as const;

/** The adapter's lines as published order items. */
export function orderItems(lines: readonly ProviderCartLine[]): OrderItem[] {
  return lines.map((line) => ({
    MerchantReference: line.ArticleNumber,
    Description: line.Name,
    Type: TYPES[line.Type ?? 'Line'],
    Quantity: line.Quantity,
    PricePerItemIncVat: line.UnitPrice,
    PricePerItemExVat: toAmount(money(line.UnitPrice).dividedBy(money(1).plus(money(line.VatPercent).dividedBy(100)))),
    VatRate: line.VatPercent,
  }));
}

const enc = encodeURIComponent;

/**
 * Provider C's merchant API (Qliro One's, docs/adapters/provider-c.md "Published API"): every
 * request carries the token made with the merchant's secret and names the merchant by
 * `MerchantApiKey`; amounts in major units, items priced per item incl. and excl. VAT.
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
  createOrder = async (request: CreateOrderRequest): Promise<ProviderOrder> => {
    const { lines, ...fields } = request;
    const created = await this.call<{ OrderId: number }>('POST', '/checkout/merchantapi/orders', { MerchantApiKey: this.settings.merchantId, ...fields, OrderItems: orderItems(lines) });
    return this.getOrder(created.OrderId);
  };
  getOrder = (orderId: number | string) => this.call<ProviderOrder>('GET', `/checkout/merchantapi/orders/${enc(String(orderId))}`);
  updateCart = (orderId: number | string, lines: ProviderCartLine[]) =>
    this.call<ProviderOrder>('PUT', `/checkout/merchantapi/orders/${enc(String(orderId))}`, { MerchantApiKey: this.settings.merchantId, OrderItems: orderItems(lines) });
  recurringOrder = (token: string, request: RecurringOrderRequest) => {
    const { lines, ...fields } = request;
    return this.call<ProviderOrder>('POST', `/checkout/merchantapi/tokens/${enc(token)}/orders`, { MerchantApiKey: this.settings.merchantId, ...fields, OrderItems: orderItems(lines) });
  };

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
