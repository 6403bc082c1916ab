import { money, toAmount } from '../kit/platform.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';

/** Rules of the spec's "Gift card adapter" section that need no I/O. */

export const GIFTCARD_ADAPTER_ID = 'giftcard_adapter';
/** Part-payment type: the payment API lets several of them be open at once (one per card). */
export const GIFTCARD_PAYMENT_TYPE = 'giftcard';
export const GIFTCARD_PAYMENT_NAME = 'Gift card';
/** `upperLimitAmount` at or above this means "no limit" (the spec's 2147483647). */
export const UNLIMITED = 2_147_483_647;
/** Payment states that cover nothing (docs/order-engine.md). */
const INACTIVE_STATES = ['failed', 'removed', 'cancelled', 'refunded'];

/** What the adapter keeps on each of its payments (`payment.attributes`). Never the code in clear. */
export interface GiftCardAttributes {
  cardId: string;
  codeRequired: boolean;
  /** The shopper's code, sealed (AES-256-GCM) by the adapter: see card-code.vault.ts. */
  sealedCode?: string;
  /** The live reservation at the gift card system while the payment is `reserved`. */
  reservationId?: string;
}

export const isActive = (payment: PaymentDocument) => !INACTIVE_STATES.includes(payment.state);
export const isGiftCard = (payment: PaymentDocument) => payment.adapterId === GIFTCARD_ADAPTER_ID;
export const activeGiftCards = (payments: readonly PaymentDocument[]) => payments.filter((p) => isGiftCard(p) && isActive(p));
const hasLimit = (payment: PaymentDocument) => payment.upperLimitAmount !== undefined && payment.upperLimitAmount < UNLIMITED;

export function attributesOf(payment: PaymentDocument): GiftCardAttributes {
  const attributes = (payment.attributes ?? {}) as Partial<GiftCardAttributes>;
  return { ...attributes, cardId: attributes.cardId ?? payment.reference ?? '', codeRequired: attributes.codeRequired ?? false };
}

/**
 * What each payment with a limit (gift cards, of any adapter) covers of the total — the order
 * engine's amountChanged allocation: in the order they were added, each up to its limit.
 */
export function limitedShares(order: Pick<OrderDocument, 'payments' | 'total'>): Map<string, number> {
  const shares = new Map<string, number>();
  let remaining = money(order.total.includingVat);
  for (const payment of order.payments.filter((p) => isActive(p) && hasLimit(p))) {
    const share = remaining.lessThan(payment.upperLimitAmount!) ? remaining : money(payment.upperLimitAmount!);
    const covered = share.isNegative() ? money(0) : share;
    shares.set(payment.id, toAmount(covered));
    remaining = remaining.minus(covered);
  }
  return shares;
}

/** Spec rule 2: a new card covers what remains of the total after the cards before it, up to its balance. */
export function coverageOfNewCard(order: Pick<OrderDocument, 'payments' | 'total'>, balance: number): number {
  const probe: PaymentDocument = { id: '\u0000new', adapterId: GIFTCARD_ADAPTER_ID, state: 'intent', amount: 0, upperLimitAmount: balance };
  return limitedShares({ total: order.total, payments: [...order.payments, probe] }).get(probe.id) ?? 0;
}

/**
 * This adapter's open cards whose amount is not their share (after a card was removed, or two
 * added at once): the engine calls no amountChanged for the adapter's own changes, so it
 * follows them itself. Only `intent` payments move; a reserved one is fixed until released.
 */
export function amountCorrections(order: Pick<OrderDocument, 'payments' | 'total'>): Array<{ payment: PaymentDocument; amount: number }> {
  const shares = limitedShares(order);
  return activeGiftCards(order.payments)
    .filter((payment) => payment.state === 'intent' && shares.has(payment.id) && !money(shares.get(payment.id)!).equals(payment.amount))
    .map((payment) => ({ payment, amount: shares.get(payment.id)! }));
}

/** amountChanged: the card covers what it is asked to, never more than its balance, never below zero. */
export function followedAmount(payment: PaymentDocument, requested: number): number {
  const limit = payment.upperLimitAmount ?? UNLIMITED;
  const capped = money(requested).greaterThan(limit) ? money(limit) : money(requested);
  return toAmount(capped.isNegative() ? money(0) : capped);
}

/** Why adding a card is refused (spec rule 1), or undefined. The code itself is not checked here. */
export function refusalToAdd(card: { balance: number; currency: string; codeRequired: boolean }, code: string | undefined, orderCurrency: string): { code: string; message: string } | undefined {
  if (card.balance <= 0) return { code: 'gift_card_empty', message: 'The gift card has no balance left.' };
  if (card.codeRequired && !code) return { code: 'gift_card_code_required', message: 'The gift card needs its code.' };
  if (card.currency !== orderCurrency) return { code: 'gift_card_currency_mismatch', message: `The gift card is in ${card.currency}, the order in ${orderCurrency}.` };
  return undefined;
}
