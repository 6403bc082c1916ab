// Placing an order without a payment provider's frontend: the chosen method's payment, validation, completion.
import type { ApolloClient } from '@apollo/client';
import {
  CompletePaymentDocument,
  RemovePaymentDocument,
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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The non-PSP way to finish: make sure the chosen method's payment is the open one (start it,
 * or replace one with another method), ask validateOrder for everything that would stop
 * completion, then complete. Payment amounts follow the total a moment after each change
 * (amountChanged), so a lone `payment_sum_mismatch` is asked again briefly before it is shown.
 */
export async function placeOrder(client: ApolloClient, order: CheckoutOrderFragment, selection: PaymentSelection | undefined, giftCardAdapters: string[]): Promise<PlaceOrderResult> {
  const orderId = order.id;
  let paymentId: string | undefined;
  if (selection?.frontend === 'NON_PSP') {
    const open = order.payments.find((payment) => payment.adapterId === selection.adapterId && isActive(payment.state));
    const method = (open?.attributes as { paymentMethod?: string } | null | undefined)?.paymentMethod;
    if (open && method === selection.method) {
      paymentId = open.id;
    } else {
      if (open) await client.mutate({ mutation: RemovePaymentDocument, variables: { id: orderId, paymentId: open.id } });
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
