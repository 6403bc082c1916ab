import type { PaymentDocument } from '../kit/order-contract.js';
import { attributesOf } from './gift-card.domain.js';

/** What the create and read endpoints answer (spec: `{cardId, code, amount, upperLimitAmount}`). */
export interface GiftCardPaymentView {
  paymentId: string;
  cardId: string;
  code?: string | null;
  amount: number;
  upperLimitAmount: number;
  currency?: string;
  state: string;
}

export const viewOf = (payment: PaymentDocument): GiftCardPaymentView => ({
  paymentId: payment.id,
  cardId: attributesOf(payment).cardId,
  amount: payment.amount,
  upperLimitAmount: payment.upperLimitAmount ?? payment.amount,
  ...(payment.currency ? { currency: payment.currency } : {}),
  state: payment.state,
});
