import { CheckFailure, CheckSkipped } from '../conformance.types.js';
import { paymentCallbackBody } from '../../subgraphs/order/engine/payment-callback.caller.js';
import type { Check } from './check.js';

const HELD = ['processing', 'reserved'];

/** When the payment declares `process`: a signed process succeeds, and process then abort leaves nothing held. */
export const processAbortCheck: Check = {
  name: 'process/abort: process succeeds; process then abort leaves nothing held',
  async run(context) {
    const { orderId, paymentId } = context.created();
    const payment = await context.platformPayment(orderId, paymentId);
    const callbacks = (payment.callbacks ?? {}) as Record<string, string>;
    if (!callbacks.process) throw new CheckSkipped('the payment declares no process callback');
    const order = (await context.orders('GET', `/${orderId}`)).body as Parameters<typeof paymentCallbackBody>[0]['order'];
    // The bodies the platform sends (docs/order-engine.md, "Payment lifecycle").
    const body = (callback: 'process' | 'abort') => paymentCallbackBody({ order, payment: payment as never, callback });
    const processed = await context.platformCall(callbacks.process, 'process', body('process'));
    if (processed.status < 200 || processed.status > 299) throw new CheckFailure(`process (POST ${callbacks.process}) answered ${processed.status} ${JSON.stringify(processed.body)}`);
    if (!callbacks.abort) return 'no abort declared (process reserves nothing)';
    const aborted = await context.platformCall(callbacks.abort, 'abort', body('abort'));
    if (aborted.status < 200 || aborted.status > 299) throw new CheckFailure(`abort (POST ${callbacks.abort}) answered ${aborted.status} ${JSON.stringify(aborted.body)}`);
    const after = await context.platformPayment(orderId, paymentId);
    if (HELD.includes(after.state)) throw new CheckFailure(`after process and abort the payment is still ${after.state}`);
    return `payment ${after.state} after abort`;
  },
};
