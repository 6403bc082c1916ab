import type { Operation } from 'fast-json-patch';
import type { Tenant } from '../kit/platform.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import type { AdapterKit } from '../kit/index.js';
import { restToCover } from '../../contracts/allocation.js';
import { amountPatch, assertMethodAllowed, openPaymentOf } from './nonpsp-payment.rules.js';
import type { NonPspConfiguration } from './nonpsp.types.js';

/** What the order service posts to a hook: the changed members, `hooks`, `total` (docs/order-engine.md). */
export interface HookCall {
  id?: string;
  changes?: string[];
  total: { includingVat: number; excludingVat?: number };
  payments?: PaymentDocument[];
  [member: string]: unknown;
}

/**
 * The `/cart` hook (target `/payments`): the cart changed, so the open payment must cover the new
 * total minus the other active payments. Refuses (400, vetoing the change) when its method is no
 * longer configured. Answers the JSON Patch for the order engine (empty: nothing to change).
 */
export async function onCartChanged(kit: AdapterKit<NonPspConfiguration>, tenant: Tenant, orderId: string, call: HookCall): Promise<Operation[]> {
  // The change's own payments when it touched them (or an earlier hook patched them); else the committed ones.
  const payments = call.payments ?? (await kit.orders.getOrder(tenant, orderId)).payments;
  const payment = openPaymentOf(payments);
  if (!payment) return [];
  assertMethodAllowed(await kit.configuration.get(tenant), payment);
  return amountPatch(payments, payment.id, restToCover({ total: call.total, payments }, payment.id));
}
