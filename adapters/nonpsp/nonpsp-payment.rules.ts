import type { Operation } from 'fast-json-patch';
import { badRequest } from '../kit/platform.js';
import { sameAmount } from '../../contracts/amount.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import { NONPSP_ADAPTER_ID, type NonPspConfiguration, type NonPspPaymentMethod } from './nonpsp.types.js';

/** This adapter's open payment on the order: the one in `intent` (at most one; the kit refuses a second). */
export const openPaymentOf = (payments: readonly PaymentDocument[]): PaymentDocument | undefined =>
  payments.find((payment) => payment.adapterId === NONPSP_ADAPTER_ID && payment.state === 'intent');

/** The identifier of the method a payment was created with. */
export const selectedMethodOf = (payment: PaymentDocument): string | undefined => {
  const value = payment.attributes?.paymentMethod;
  return typeof value === 'string' ? value : undefined;
};

/** The method the storefront asked for, or the first configured one; unknown → 400. */
export function chooseMethod(configuration: NonPspConfiguration, requested: string | undefined): NonPspPaymentMethod {
  const methods = configuration.paymentMethods ?? [];
  if (requested === undefined) {
    const first = methods[0];
    if (!first) throw badRequest('no_payment_methods', 'No payment method is configured for this channel.');
    return first;
  }
  const method = methods.find((candidate) => candidate.identifier === requested);
  if (!method) {
    throw badRequest('unknown_payment_method', `Payment method "${requested}" is not offered in this channel.`, {
      paymentMethods: methods.map((m) => m.identifier),
    });
  }
  return method;
}

/** Refuses (400) when the payment's method is no longer in the configuration. */
export function assertMethodAllowed(configuration: NonPspConfiguration, payment: PaymentDocument): NonPspPaymentMethod {
  const selected = selectedMethodOf(payment);
  const method = (configuration.paymentMethods ?? []).find((candidate) => candidate.identifier === selected);
  if (!method) {
    throw badRequest('payment_method_not_allowed', `The payment method "${selected ?? '(none)'}" is no longer available; choose another payment method.`, {
      paymentId: payment.id,
      paymentMethod: selected ?? null,
    });
  }
  return method;
}

/**
 * The hook's answer: a JSON Patch inside `/payments` that sets the payment's amount, guarded by
 * a `test` of its id (so a stale index refuses instead of changing another payment). Empty when
 * the amount is already right.
 */
export function amountPatch(payments: readonly PaymentDocument[], paymentId: string, amount: number): Operation[] {
  const index = payments.findIndex((payment) => payment.id === paymentId);
  if (index < 0 || sameAmount(payments[index]!.amount, amount)) return [];
  return [
    { op: 'test', path: `/payments/${index}/id`, value: paymentId },
    { op: 'replace', path: `/payments/${index}/amount`, value: amount },
  ];
}

/** The session the storefront sees. */
export function sessionOf(configuration: NonPspConfiguration, payment: PaymentDocument) {
  return {
    paymentId: payment.id,
    paymentMethods: (configuration.paymentMethods ?? []).map(({ identifier, name }) => ({ identifier, name })),
    selectedPaymentMethod: selectedMethodOf(payment) ?? '',
    amount: payment.amount,
    state: payment.state,
  };
}
