import type { Tenant } from '../kit/platform.js';
import type { OrderDocument } from '../kit/order-contract.js';
import { type AdapterKit, PlatformCallError } from '../kit/index.js';
import { NONPSP_ADAPTER_ID, type NonPspConfiguration } from './nonpsp.types.js';

/** Id of the one `/cart` hook (target `/payments`) the adapter keeps on an order. */
export const CART_HOOK_ID = `${NONPSP_ADAPTER_ID}-cart-changed`;

/** The route of the cart hook, and the address registered for one order. */
export const CART_HOOK_ROUTE = '/api/v1/orders/:orderId/cart-changed';
export const cartHookPath = (orderId: string) => CART_HOOK_ROUTE.replace(':orderId', encodeURIComponent(orderId));

/** Registers the `/cart` hook (target `/payments`) once per order; a concurrent registration is fine. */
export class CartHooks {
  constructor(private readonly kit: AdapterKit<NonPspConfiguration>) {}

  async ensure(tenant: Tenant, order: OrderDocument): Promise<void> {
    if (order.hooks.some((hook) => hook.id === CART_HOOK_ID)) return;
    try {
      await this.kit.orders.registerHook(tenant, order.id, { id: CART_HOOK_ID, subscribeTo: '/cart', target: '/payments', invoke: `${this.kit.publicUrl}${cartHookPath(order.id)}` });
    } catch (error) {
      if (error instanceof PlatformCallError && error.httpStatus === 409 && error.code === 'conflict') return;
      throw error;
    }
  }
}
