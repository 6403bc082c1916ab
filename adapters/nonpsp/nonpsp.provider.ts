import type { PaymentProvider } from '../kit/index.js';
import { restToCover } from '../../contracts/allocation.js';
import { chooseMethod, selectedMethodOf, sessionOf } from './nonpsp-payment.rules.js';
import { cartHookOf } from './nonpsp-cart-hook.registration.js';
import type { NonPspConfiguration, NonPspPaymentSession } from './nonpsp.types.js';

type CreateBody = { paymentMethod?: string } | null;
const requestedMethod = (body: unknown): string | undefined => (body as CreateBody)?.paymentMethod;

/**
 * The non-PSP adapter as a payment provider (docs/adapters/nonpsp.md): nothing is called at a
 * provider — the money is settled outside the platform. Create chooses the method and brings
 * the cart hook (registered in the payment's commit); `process` is the final check at purchase
 * and reserves the payment (an invoice is a promise to pay), recorded by the platform in the
 * commit that moves the order to `processing`; `abort` puts it back in `intent` when that move is
 * undone; `capture` marks the invoice due once the order is delivered; `cancel` voids it, `refund`
 * issues a credit. It is the main payment, so no `confirm`.
 */
export function nonPspProvider(publicUrl: string): PaymentProvider<NonPspConfiguration, NonPspPaymentSession> {
  return {
    name: 'Non-PSP payment',
    // A bad method (or a missing configuration) leaves nothing behind.
    checkCreate: ({ configuration, body }) => void chooseMethod(configuration, requestedMethod(body)),
    // The rest the other active payments leave (the payment without a limit takes the rest).
    amount: (order) => restToCover(order),
    async createSession({ order, configuration, payment, body }) {
      const method = chooseMethod(configuration, requestedMethod(body));
      const created = { ...payment, name: method.name, attributes: { ...payment.attributes, paymentMethod: method.identifier } };
      return {
        payment: { name: created.name, attributes: created.attributes },
        // Registered in the payment's commit (kept when the order has it already).
        hooks: [cartHookOf(publicUrl, order.id)],
        response: sessionOf(configuration, created),
        pspStatus: 'created',
        requestJson: { paymentMethod: requestedMethod(body) ?? null },
        responseJson: { paymentMethod: method.identifier, amount: payment.amount },
      };
    },
    readSession: async ({ configuration, payment }) => sessionOf(configuration, payment),
    // No amountChanged: nothing is held at a provider, so the platform keeps the payment at its share itself.

    /**
     * The selected method must still be offered in the channel; else 400, which vetoes processing.
     * Offered: the payment is reserved, in the platform's commit of the move (no call back).
     */
    async process({ configuration, payment }) {
      const method = chooseMethod(configuration, selectedMethodOf(payment));
      if (payment.state !== 'intent') return {};
      return { state: 'reserved', pspStatus: 'reserved', attributes: { ...payment.attributes, paymentMethod: method.identifier } };
    },
    /** The move to processing was undone (another payment refused, a hook vetoed, the order back in checkout): the promise is withdrawn. */
    async abort({ payment }) {
      return payment.state === 'reserved' ? { state: 'intent', pspStatus: 'released' } : {};
    },
    /** Order delivered: a reserved (promised) payment becomes captured (the invoice is due); anything else is left. */
    async capture({ payment }) {
      if (payment.state !== 'reserved') return {};
      return { state: 'captured', transaction: { event: 'capture', pspEvent: 'invoice-due', amount: payment.amount, isSuccess: true, pspStatus: 'captured' } };
    },
    /** The invoice is voided; the platform records the payment cancelled. */
    cancel: async () => ({ pspStatus: 'voided' }),
    /** A credit for the amount; the platform records the refund. */
    refund: async () => ({ pspStatus: 'credited' }),
  };
}
