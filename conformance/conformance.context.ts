import type { CallPurpose } from '../platform/auth/platform-tokens.js';
import type { Role } from '../platform/auth/principal.js';
import type { OrderDocument } from '../contracts/order.types.js';
import { allocate } from '../contracts/allocation.js';
import { callerHeaders, send, type HttpAnswer } from './conformance-http.js';
import { CheckFailure, CheckSkipped, type ConformanceTarget, type PlatformAccess } from './conformance.types.js';

type Tenant = ConformanceTarget['tenant'];

/** A part payment of another adapter on every order the run creates, so "the rest" is not the total. */
export const PART_PAYMENT = { adapterId: 'conformance_part_payment', type: 'giftcard', amount: 49.9, upperLimitAmount: 49.9 };
export const ORDER_TOTAL = 249.9;

/** What the checks share: the target, the platform, and the order and payment the create check made. */
export class ConformanceContext {
  orderId?: string;
  paymentId?: string;

  constructor(
    readonly target: ConformanceTarget,
    readonly platform: PlatformAccess,
  ) {}

  get tenant(): Tenant {
    return this.target.tenant;
  }

  /** The kind the adapter's public manifest declares (`GET {origin}/.well-known/adapter.json`), or undefined when it has none to read. */
  async declaredKind(): Promise<string | undefined> {
    const answer = await send('GET', new URL('/.well-known/adapter.json', this.target.adapterUrl).href).catch(() => undefined);
    const kind = answer?.status === 200 ? (answer.body as { kind?: unknown } | undefined)?.kind : undefined;
    return typeof kind === 'string' ? kind : undefined;
  }

  paymentsUrl(orderId: string): string {
    return `${this.target.adapterUrl.replace(/\/+$/, '')}/orders/${encodeURIComponent(orderId)}/payments`;
  }

  async headers(role: Role, tenant: Tenant = this.tenant, adapterId?: string): Promise<Record<string, string>> {
    const token = await this.platform.token({ merchant: tenant.merchant, channels: [tenant.channel], role, ...(adapterId ? { adapterId } : {}) });
    return callerHeaders(token, tenant);
  }

  /** The order REST API as the merchant's admin. */
  async orders(method: string, path: string, body?: unknown, tenant: Tenant = this.tenant): Promise<HttpAnswer> {
    return send(method, `${this.platform.urls.order}/api/v0/checkout/orders${path}`, {
      headers: await this.headers('admin', tenant),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** A new order in `checkout` of 249.9 with a part payment of 49.9 already on it. */
  async newOrder(tenant: Tenant = this.tenant): Promise<string> {
    const created = await this.orders('POST', '', {
      currency: 'NOK',
      culture: 'nb-NO',
      country: 'NO',
      cart: { reference: 'conformance', items: [{ id: 'item-1', sku: 'SKU-1', name: 'Conformance item', quantity: 1, unitPrice: ORDER_TOTAL }], total: { includingVat: ORDER_TOTAL, excludingVat: 199.92 } },
      payments: [PART_PAYMENT],
    }, tenant);
    if (created.status !== 201) throw new CheckFailure(`the platform refused a new order: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.id as string;
  }

  /** What the adapter answered the first create: a cancel address may be in it. */
  createAnswer?: unknown;

  /** The storefront's create request. */
  async create(orderId: string, tenant: Tenant = this.tenant): Promise<HttpAnswer> {
    const body = this.target.createBody;
    return send('POST', this.paymentsUrl(orderId), { headers: await this.headers('storefront', tenant), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  }

  /** The order and payment the create check made; later checks need them. */
  created(): { orderId: string; paymentId: string } {
    if (!this.orderId || !this.paymentId) throw new CheckSkipped('needs the payment of "create"');
    return { orderId: this.orderId, paymentId: this.paymentId };
  }

  /** The payment as the platform has it. */
  async platformPayment(orderId: string, paymentId: string): Promise<any> {
    const answer = await this.orders('GET', `/${orderId}/payments/${paymentId}`);
    if (answer.status !== 200) throw new CheckFailure(`the platform does not find payment ${paymentId}: ${answer.status}`);
    return answer.body;
  }

  /** A call as the platform makes it: a call token for this adapter, URL, method, body, order and purpose. */
  async platformCall(url: string, purpose: CallPurpose, body: unknown, options: { receiver?: string; orderId?: string } = {}): Promise<HttpAnswer> {
    const text = JSON.stringify(body);
    const headers = await this.platform.signer.headersFor({
      tenant: this.tenant,
      receiver: options.receiver ?? this.target.adapterId,
      orderId: options.orderId ?? this.created().orderId,
      purpose,
      method: 'POST',
      url,
      body: text,
    });
    return send('POST', url, { headers, body: text });
  }
}

/** What the platform's allocation gives the payment of the order: the rest the others leave, up to its limit. */
export function shareOf(order: Pick<OrderDocument, 'payments' | 'total'>, paymentId: string): number | undefined {
  return allocate(order).get(paymentId);
}
