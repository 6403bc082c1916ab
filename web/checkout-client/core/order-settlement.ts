// How an order is paid, as a confirmation says it: money taken or held, what is still to pay outside the platform, what a provider has yet to decide.
import type { CheckoutOrderFragment } from './generated/graphql.js';
import { toPayLaterText } from './shopper-words.js';

/** Payment states whose money the provider holds or has taken. */
const HOLDING = ['reserved', 'captured'];
/** Exact sums of amounts in major units (thousandths: every ISO 4217 exponent up to 3). */
const minus = (a: number, b: number) => Math.round(a * 1000 - b * 1000) / 1000;

export interface OrderSettlement {
  /** Money the shopper has paid: gift cards, and provider payments reserved or captured — never a promise to pay later. */
  paid: number;
  /** Payments settled outside the platform (an invoice, pay in store): what is due and how, in words. */
  toPayLater: Array<{ id: string; text: string; amount: number }>;
}

/**
 * The order's `amounts.paid` counts every payment that holds its share (an approved invoice
 * included); a shopper reads "Paid" only for money really taken or held, so a payment of a
 * non-PSP adapter (`nonPspAdapterIds`: paymentOptions' `NON_PSP`) is told as still to pay, and how.
 */
export function orderSettlement(order: Pick<CheckoutOrderFragment, 'amounts' | 'payments'>, nonPspAdapterIds: readonly string[]): OrderSettlement {
  // Approved (reserved) or due (captured once delivered): a promise the shopper keeps outside the platform.
  const later = order.payments.filter((payment) => nonPspAdapterIds.includes(payment.adapterId) && HOLDING.includes(payment.state));
  const counted = later.reduce((sum, payment) => minus(sum, -payment.amount), 0);
  return {
    paid: Math.max(0, minus(order.amounts.paid.amount, counted)),
    toPayLater: later.map((payment) => ({ id: payment.id, text: toPayLaterText((payment.attributes as { paymentMethod?: string } | null | undefined)?.paymentMethod, payment.name), amount: payment.amount })),
  };
}
