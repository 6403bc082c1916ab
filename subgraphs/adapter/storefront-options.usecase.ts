import type { AdapterDescriptor, AdapterRegistry } from './adapter.registry.js';
import { fillRoute } from './adapter.registry.js';
import type { Caller } from './adapter-actions.usecase.js';
import { AppError } from '../../platform/errors/app-error.js';
import { callJson } from '../../platform/http-client/http-client.js';
import { activePayments } from '../../contracts/allocation.js';
import type { OrderDocument } from '../../contracts/order.types.js';

export type PaymentFrontend = 'NON_PSP' | 'GIFT_CARD' | 'PROVIDER';

export interface PaymentOptionModel {
  adapterId: string;
  name: string;
  kind: AdapterDescriptor['kind'];
  frontend: PaymentFrontend;
  methods: Array<{ identifier: string; name?: string | null }>;
  activePaymentId: string | null;
}

interface Money {
  amount: number;
  currency: string;
}
export interface ShippingOptionsModel {
  mode: 'FULL_CONTROL' | 'MANAGED';
  source: 'COMMERCE_PLATFORM' | 'CONFIGURATION';
  options: Array<{ id: string; name: string; description: string | null; price: Money; priceExcludingVat: Money; vatRate: number; selected: boolean }>;
}

/** What the commerce adapter answers at its `shippingOptions` route. */
interface AdapterShippingOptions {
  currency: string;
  mode: 'full-control' | 'managed';
  source: 'commerce_platform' | 'configuration';
  options: Array<{ id: string; name: string; description?: string; price: { includingVat: number; excludingVat: number }; vatRate: number; selected: boolean }>;
}

/**
 * How a storefront renders an adapter: a gift card adapter a card form; a payment adapter that
 * completes payments itself (no provider) the non-PSP method list; any other payment adapter its
 * provider's frontend, from startPayment. A new provider adapter needs nothing here.
 */
export function frontendOf(adapter: Pick<AdapterDescriptor, 'kind'>, completesItself: boolean): PaymentFrontend {
  if (adapter.kind === 'giftcard') return 'GIFT_CARD';
  return completesItself ? 'NON_PSP' : 'PROVIDER';
}

/**
 * The storefront's read side before a payment exists: payment options per adapter and the
 * shipping choice. Each asks the adapter that knows (its configuration, the order), as the caller.
 */
export class StorefrontOptions {
  constructor(
    private readonly registry: AdapterRegistry,
    private readonly orderUrl: string,
  ) {}

  async paymentOptions(caller: Caller, orderId: string, configuredIds: Set<string>): Promise<PaymentOptionModel[]> {
    // Reading the order first: another order than a checkout token's, or an unknown one, is ORDER_NOT_FOUND here.
    const order = await callJson<OrderDocument>(`${this.orderUrl}/api/v0/checkout/orders/${encodeURIComponent(orderId)}`, { headers: caller.headers });
    const adapters = (await this.registry.list()).filter((adapter) => adapter.available && adapter.kind !== 'commerce' && configuredIds.has(adapter.id));
    const open = activePayments(order);
    return Promise.all(
      adapters.map(async (adapter): Promise<PaymentOptionModel> => {
        const routes = await this.registry.routes(adapter.id);
        const methods = routes.listPaymentMethods
          ? (await callJson<{ paymentMethods: PaymentOptionModel['methods'] }>(`${routes.baseUrl}${fillRoute(routes.listPaymentMethods, { orderId })}`, { headers: caller.headers })).paymentMethods
          : [];
        const active = adapter.kind === 'giftcard' ? undefined : open.find((payment) => payment.adapterId === adapter.id);
        return { adapterId: adapter.id, name: adapter.name, kind: adapter.kind, frontend: frontendOf(adapter, routes.completePayment !== undefined), methods, activePaymentId: active?.id ?? null };
      }),
    );
  }

  async shippingOptions(caller: Caller, orderId: string): Promise<ShippingOptionsModel> {
    const { baseUrl, template } = await this.registry.route('commerce_adapter', 'shippingOptions', 'list shipping options');
    return viewOf(await callJson<AdapterShippingOptions>(`${baseUrl}${fillRoute(template, { orderId })}`, { headers: caller.headers }));
  }

  async selectShipping(caller: Caller, orderId: string, optionId: string): Promise<{ id: string }> {
    const { baseUrl, template } = await this.registry.route('commerce_adapter', 'selectShipping', 'choose shipping options');
    await callJson(`${baseUrl}${fillRoute(template, { orderId })}`, { method: 'PUT', headers: caller.headers, body: { optionId } });
    return { id: orderId };
  }
}

function viewOf(answer: AdapterShippingOptions): ShippingOptionsModel {
  if (!Array.isArray(answer.options)) throw new AppError(502, 'upstream_invalid', 'The commerce adapter answered no shipping options.');
  const money = (amount: number): Money => ({ amount, currency: answer.currency });
  return {
    mode: answer.mode === 'managed' ? 'MANAGED' : 'FULL_CONTROL',
    source: answer.source === 'configuration' ? 'CONFIGURATION' : 'COMMERCE_PLATFORM',
    options: answer.options.map((option) => ({
      id: option.id,
      name: option.name,
      description: option.description ?? null,
      price: money(option.price.includingVat),
      priceExcludingVat: money(option.price.excludingVat),
      vatRate: option.vatRate,
      selected: option.selected,
    })),
  };
}
