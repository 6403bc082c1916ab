import type { NewHook } from '../kit/index.js';
import { NONPSP_ADAPTER_ID } from './nonpsp.types.js';

/** Id of the one `/cart` hook (target `/payments`) the adapter keeps on an order. */
export const CART_HOOK_ID = `${NONPSP_ADAPTER_ID}-cart-changed`;

/** The route of the cart hook, and the address registered for one order. */
export const CART_HOOK_ROUTE = '/api/v1/orders/:orderId/cart-changed';
export const cartHookPath = (orderId: string) => CART_HOOK_ROUTE.replace(':orderId', encodeURIComponent(orderId));

/**
 * The `/cart` hook (target `/payments`) the adapter keeps on an order, as the payment's create
 * registers it: in the payment's own commit (one kept per order; a second create leaves it).
 */
export const cartHookOf = (publicUrl: string, orderId: string): NewHook => ({ id: CART_HOOK_ID, subscribeTo: '/cart', target: '/payments', invoke: `${publicUrl}${cartHookPath(orderId)}` });
