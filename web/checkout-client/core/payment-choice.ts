// The shopper's choice of how to pay, kept across a reload, a provider's redirect and the back button, or read from the order's open payment.
import type { CheckoutOrderFragment, PaymentOptionsQuery } from './generated/graphql.js';
import type { PaymentSelection } from './place-order.js';

type PaymentOption = PaymentOptionsQuery['paymentOptions'][number];

const key = (orderId: string) => `checkout-choice:${orderId}`;

/** Keeps the choice in the tab's sessionStorage (as the checkout token is: a reload or a provider's redirect back finds it). */
export function rememberChoice(orderId: string, selection: PaymentSelection): void {
  try {
    sessionStorage.setItem(key(orderId), JSON.stringify(selection));
  } catch {
    // Storage full or refused: the choice is still the page's until it leaves.
  }
}

/** The choice this tab made for the order, when it is one of the options the order has now. */
export function rememberedChoice(orderId: string, options: readonly PaymentOption[]): PaymentSelection | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(key(orderId)) ?? 'null') as Partial<PaymentSelection> | null;
    const option = options.find((candidate) => candidate.adapterId === value?.adapterId);
    if (!option || !value) return undefined;
    if (value.frontend === 'PROVIDER' && option.frontend === 'PROVIDER') return { frontend: 'PROVIDER', adapterId: option.adapterId };
    if (value.frontend === 'NON_PSP' && option.frontend === 'NON_PSP' && option.methods.some((method) => method.identifier === value.method)) return { frontend: 'NON_PSP', adapterId: option.adapterId, method: value.method! };
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * The choice the order's open payment stands for (another tab, or a reload in a tab that kept no
 * choice): the provider whose payment is open, or the non-PSP method of the open payment.
 */
export function choiceOfOpenPayment(order: Pick<CheckoutOrderFragment, 'payments'>, options: readonly PaymentOption[]): PaymentSelection | undefined {
  for (const option of options) {
    if (!option.activePaymentId || option.frontend === 'GIFT_CARD') continue;
    if (option.frontend === 'PROVIDER') return { frontend: 'PROVIDER', adapterId: option.adapterId };
    const open = order.payments.find((payment) => payment.id === option.activePaymentId);
    const method = (open?.attributes as { paymentMethod?: unknown } | null | undefined)?.paymentMethod;
    if (typeof method === 'string' && option.methods.some((candidate) => candidate.identifier === method)) return { frontend: 'NON_PSP', adapterId: option.adapterId, method };
  }
  return undefined;
}
