import { errors, json } from '../../platform/http/api-docs.schemas.js';

/**
 * Documented answers shared by adapters' callbacks (docs/api-documents.md): a hook answers 200
 * with no body or a JSON Patch, or vetoes with 400.
 */
export const jsonPatchSchema = {
  type: 'array',
  description: 'RFC 6902 operations, applied inside the hook\'s target.',
  items: { type: 'object', required: ['op', 'path'], properties: { op: { type: 'string' }, path: { type: 'string' }, value: {}, from: { type: 'string' } } },
} as const;

export const hookAnswers = {
  200: json('Accepted; a JSON Patch when the hook changes the order (or no body)', jsonPatchSchema),
  ...errors(404, 409, 502),
};

/** A lifecycle callback's answer (kit.onPaymentCallback): the payment fields for the platform to record. */
export const paymentAnswerSchema = {
  type: 'object',
  description: 'Empty: nothing to record.',
  properties: {
    state: { type: 'string', description: 'The state the payment moved to' },
    attributes: { type: 'object' },
    reference: { type: 'string', description: "The provider's reference" },
    pspStatus: { type: 'string' },
    eventKey: { type: 'string', description: '`refund` only: the key of the provider event that will report this refund; the platform records the refund under it, so that event adds nothing again' },
    amount: { type: 'number', description: 'refresh only: the amount the provider holds for the payment' },
    refundedAmount: { type: 'number', description: 'refresh only: what the provider has refunded of it' },
    transaction: {
      type: 'object',
      description: "The adapter's own call to its provider for this step, logged by the platform beside its record of the call",
      properties: {
        event: { type: 'string' },
        pspEvent: { type: ['string', 'null'] },
        amount: { type: ['number', 'null'] },
        isSuccess: { type: 'boolean' },
        pspStatus: { type: ['string', 'null'] },
        requestJson: {},
        responseJson: {},
        errorDetail: { type: ['string', 'null'] },
      },
    },
  },
} as const;

export const paymentCallbackAnswers = {
  200: json('Done; the payment fields to record (empty: nothing)', paymentAnswerSchema),
  ...errors(404, 409, 502),
};
