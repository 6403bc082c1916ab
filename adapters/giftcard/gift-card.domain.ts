import { limitedShares, isActivePayment } from '../../contracts/allocation.js';
import { sameAmount } from '../../contracts/amount.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';

/** Rules of the spec's "Gift card adapter" section that need no I/O. */

export const GIFTCARD_ADAPTER_ID = 'giftcard_adapter';
/** Part-payment type: the payment API lets several of them be open at once (one per card). */
export const GIFTCARD_PAYMENT_TYPE = 'giftcard';
export const GIFTCARD_PAYMENT_NAME = 'Gift card';

/** What the adapter keeps on each of its payments (`payment.attributes`). Never the code in clear. */
export interface GiftCardAttributes {
  cardId: string;
  codeRequired: boolean;
  /** The shopper's code, sealed (AES-256-GCM) by the adapter: see card-code.vault.ts. */
  sealedCode?: string;
  /** The live reservation at the gift card system while the payment is `reserved`. */
  reservationId?: string;
}

export const isGiftCard = (payment: PaymentDocument) => payment.adapterId === GIFTCARD_ADAPTER_ID;
export const activeGiftCards = (payments: readonly PaymentDocument[]) => payments.filter((p) => isGiftCard(p) && isActivePayment(p));

export function attributesOf(payment: PaymentDocument): GiftCardAttributes {
  const attributes = (payment.attributes ?? {}) as Partial<GiftCardAttributes>;
  return { ...attributes, cardId: attributes.cardId ?? payment.reference ?? '', codeRequired: attributes.codeRequired ?? false };
}

/** Why adding a card is refused (spec rule 1), or undefined. The code itself is not checked here. */
export function refusalToAdd(card: { balance: number; currency: string; codeRequired: boolean }, code: string | undefined, orderCurrency: string): { code: string; message: string } | undefined {
  if (card.balance <= 0) return { code: 'gift_card_empty', message: 'The gift card has no balance left.' };
  if (card.codeRequired && !code) return { code: 'gift_card_code_required', message: 'The gift card needs its code.' };
  if (card.currency !== orderCurrency) return { code: 'gift_card_currency_mismatch', message: `The gift card is in ${card.currency}, the order in ${orderCurrency}.` };
  return undefined;
}
