// Placing an order without a payment provider's frontend: the chosen method's payment, validation, completion.
import type { ApolloClient } from '@apollo/client';
import {
  CompletePaymentDocument,
  StartPaymentDocument,
  ValidateOrderDocument,
  type CheckoutOrderFragment,
  type ValidateOrderMutation,
} from './generated/graphql.js';

/** What the shopper picked: a non-PSP method of an adapter, or a provider adapter (its own frontend). */
export type PaymentSelection = { frontend: 'NON_PSP'; adapterId: string; method: string } | { frontend: 'PROVIDER'; adapterId: string };

export type Failure = ValidateOrderMutation['validateOrder']['failures'][number];
export type PlaceOrderResult = { ok: true } | { ok: false; failures: Failure[] };

const isActive = (state: string) => !['removed', 'cancelled', 'failed', 'refunded'].includes(state);
/** Whether another adapter's payment (not a gift card) is open: starting the chosen one supersedes it. */
const otherOpenPayments = (order: CheckoutOrderFragment, adapterId: string, giftCardAdapters: readonly string[]) =>
  order.payments.some((payment) => payment.adapterId !== adapterId && !giftCardAdapters.includes(payment.adapterId) && payment.state === 'intent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The payment failures validateOrder answers before the chosen payment is started (it is not started while something else stops the order). */
const PAYMENT_CODES = ['payment_missing', 'payment_sum_mismatch'];

export interface PlaceOrderOptions {
  /**
   * What the page found stopping the order itself (a delivery not chosen, an address the platform
   * refused): answered together with validateOrder's failures, so the shopper sees every problem at
   * once; while there are any, no payment is started or switched and nothing is completed.
   */
  blockers?: Failure[];
}

/**
 * The non-PSP way to finish: make sure the chosen method's payment is the open one
 * (`startPayment`: it resumes the open payment of that method, or replaces one of another method
 * or adapter), ask validateOrder for everything that would stop completion, then complete.
 * Payment amounts follow the total a moment after each change (amountChanged), so a lone
 * `payment_sum_mismatch` is asked again briefly before it is shown.
 */
export async function placeOrder(client: ApolloClient, order: CheckoutOrderFragment, selection: PaymentSelection | undefined, giftCardAdapters: string[], options: PlaceOrderOptions = {}): Promise<PlaceOrderResult> {
  const orderId = order.id;
  const blockers = options.blockers ?? [];
  if (blockers.length > 0) {
    // Everything at once: the page's own findings and the platform's, the payment's aside when one is chosen (it is started once the rest is right).
    const checked = await client.mutate({ mutation: ValidateOrderDocument, variables: { id: orderId } });
    const failures = (checked.data?.validateOrder.failures ?? []).filter((failure) => !(selection && PAYMENT_CODES.includes(failure.code)));
    return { ok: false, failures: [...blockers, ...failures] };
  }
  let paymentId: string | undefined;
  if (selection?.frontend === 'NON_PSP') {
    const open = order.payments.find((payment) => payment.adapterId === selection.adapterId && payment.state === 'intent');
    const method = (open?.attributes as { paymentMethod?: string } | null | undefined)?.paymentMethod;
    if (open && method === selection.method && !otherOpenPayments(order, selection.adapterId, giftCardAdapters)) {
      paymentId = open.id;
    } else {
      // Resumes that method's open payment, or replaces another's (the platform supersedes other open payments).
      const started = await client.mutate({ mutation: StartPaymentDocument, variables: { id: orderId, adapterId: selection.adapterId, method: selection.method } });
      paymentId = started.data?.startPayment.payment.id;
    }
  } else if (order.amounts.due.amount === 0) {
    // Gift cards cover everything: the gift card adapter completes the order.
    paymentId = order.payments.find((payment) => giftCardAdapters.includes(payment.adapterId) && isActive(payment.state))?.id;
  }
  let failures: Failure[] = [];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const checked = await client.mutate({ mutation: ValidateOrderDocument, variables: { id: orderId } });
    failures = checked.data?.validateOrder.failures ?? [];
    if (checked.data?.validateOrder.valid) break;
    if (!failures.every((failure) => failure.code === 'payment_sum_mismatch')) break;
    await sleep(250);
  }
  if (failures.length > 0) return { ok: false, failures };
  if (!paymentId) return { ok: false, failures: [{ code: 'payment_method_missing', message: 'Choose how to pay the rest.', adapterId: null, pointers: null }] };
  await client.mutate({ mutation: CompletePaymentDocument, variables: { id: orderId, paymentId } });
  return { ok: true };
}

/**
 * Whether the shopper still has to choose a delivery before paying this way: the order offers
 * options (`offered`) and has none — or has only one a provider's checkout picked while another
 * way to pay is chosen, where the shop had no choice of its own to go back to (a provider's pick
 * keeps the shop's choice it replaced, and gives way to it when another way to pay starts).
 */
export function deliveryMissing(order: Pick<CheckoutOrderFragment, 'shippings'>, selection: PaymentSelection | undefined, offered: number): boolean {
  if (offered === 0) return false;
  if (order.shippings.length === 0) return true;
  const picked = order.shippings.find((shipping) => Array.isArray((shipping.attributes as { shopShippings?: unknown } | null | undefined)?.shopShippings));
  if (!picked || (selection?.frontend === 'PROVIDER' && selection.adapterId === picked.adapterId)) return false;
  return ((picked.attributes as { shopShippings: unknown[] }).shopShippings).length === 0;
}
