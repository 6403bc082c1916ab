/** What the provider D sandbox answers about a payment: the `/payments` answer (with its action) and a stored method as `/paymentMethods` lists it. */
import type { Challenge, PaymentRecord, StoredMethod } from './provider-d.model.js';

/** A value as the opaque base64url tokens the sandbox hands out (an action's token, a challenge's result). */
export const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The answer of `/payments` and `/payments/details`; `baseUrl` is the sandbox's own address (its 3-D Secure page). */
export function paymentAnswer(payment: PaymentRecord, baseUrl: string): Record<string, unknown> {
  const additionalData: Record<string, string> = {};
  if (payment.recurringProcessingModel) additionalData.recurringProcessingModel = payment.recurringProcessingModel;
  if (payment.shopperReference) additionalData['recurring.shopperReference'] = payment.shopperReference;
  if (payment.storedPaymentMethodId) additionalData['recurring.recurringDetailReference'] = payment.storedPaymentMethodId;
  if (payment.paymentMethod.lastFour) additionalData.cardSummary = payment.paymentMethod.lastFour;
  return {
    pspReference: payment.pspReference,
    resultCode: payment.resultCode,
    merchantReference: payment.reference,
    amount: payment.amount,
    paymentMethod: { type: payment.paymentMethod.type, ...(payment.paymentMethod.brand ? { brand: payment.paymentMethod.brand } : {}) },
    additionalData,
    ...(payment.refusalReason ? { refusalReason: payment.refusalReason } : {}),
    ...(payment.status === 'awaiting_action' && payment.challenge ? { action: actionOf(payment, payment.challenge, baseUrl) } : {}),
  };
}

/** The action a payment awaiting the shopper answers: a redirect to the sandbox's bank page, or a threeDS2 challenge or fingerprint. */
function actionOf(payment: PaymentRecord, challenge: Challenge, baseUrl: string): Record<string, unknown> {
  const url = `${baseUrl}/api/sandbox/challenges/${challenge.id}`;
  if (challenge.kind === 'redirect') return { type: 'redirect', method: 'GET', paymentMethodType: payment.paymentMethod.type, url };
  return { type: 'threeDS2', subtype: challenge.kind, paymentMethodType: payment.paymentMethod.type, token: b64({ challengeId: challenge.id, acsUrl: url }), authorisationToken: challenge.id, url };
}

/** A stored method as `/paymentMethods` lists it (what it does stays the sandbox's). */
export function storedView(method: StoredMethod) {
  const { merchantAccount: _account, shopperReference: _shopper, behaviour: _behaviour, recurringProcessingModel: _model, createdAt: _created, ...view } = method;
  return view;
}
