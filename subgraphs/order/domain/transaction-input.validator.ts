import { Ajv2020 } from 'ajv/dist/2020.js';
import type { TransactionInput } from '../../../contracts/callbacks.types.js';

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

/**
 * One transaction as a writer hands it to the platform: the payment API's log and change bodies,
 * and a lifecycle callback's answer. `extra` adds fields (the log endpoint's `orderId`).
 */
export function transactionInputSchema(extra: Record<string, unknown> = {}) {
  return {
    type: 'object',
    required: ['event', 'isSuccess'],
    additionalProperties: false,
    properties: {
      ...extra,
      event: { type: 'string', minLength: 1, maxLength: 128 },
      pspEvent: text(128),
      amount: { type: ['number', 'null'], minimum: -99_999_999_999_999, maximum: 99_999_999_999_999 },
      isSuccess: { type: 'boolean' },
      pspStatus: text(256),
      requestJson: { description: 'Any JSON: what the adapter sent the provider.' },
      responseJson: { description: 'Any JSON: what the provider answered.' },
      errorDetail: { ...text(8_000), description: 'Fault description shown to the merchant; recommended when isSuccess is false.' },
      eventKey: { ...text(256), description: "A provider event's key: unique per payment, a second one is refused 409 duplicate_event (nothing changes)." },
    },
  } as const;
}

const validateTransaction = new Ajv2020({ allErrors: false, strict: false }).compile<TransactionInput>(transactionInputSchema());

/** Why a value is not a transaction the platform can log (the first problem), or undefined. */
export function transactionInputProblem(value: unknown): string | undefined {
  if (validateTransaction(value)) return undefined;
  const error = validateTransaction.errors?.[0];
  return `transaction${error?.instancePath ?? ''} ${error?.message ?? 'is not valid'}`;
}
