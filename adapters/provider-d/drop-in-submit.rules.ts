/**
 * What a shopper's browser may say in the drop-in's submit and details (provider D): an
 * allow-list of the drop-in's own fields; who the shopper is, which stored card is theirs and
 * which recurring model applies are the order's and the platform's to say, never the browser's.
 */
import { AppError } from '../kit/platform.js';

/**
 * The fields of the drop-in's `onSubmit` `state.data` the adapter passes on to `/payments`; any
 * other field a browser adds is dropped (amount, reference, merchant account, return address,
 * metadata, country and locale are set by the adapter from the order).
 */
export const SUBMIT_FIELDS = [
  'paymentMethod',
  'browserInfo',
  'origin',
  'clientStateDataIndicator',
  'riskData',
  'storePaymentMethod',
  'billingAddress',
  'deliveryAddress',
  'shopperName',
  'shopperEmail',
  'telephoneNumber',
  'dateOfBirth',
  'installments',
  'conversionId',
] as const;

/** The fields of the drop-in's `onAdditionalDetails` `state.data` passed on to `/payments/details`. */
export const DETAILS_FIELDS = ['details', 'paymentData', 'authenticationData'] as const;

/**
 * Fields that would let a browser choose another shopper's stored card or a recurring model: a
 * submit naming one is refused (403) and nothing reaches the provider. `shopperReference` is
 * accepted only when it is the order's own.
 */
const SHOPPER_ONLY_FIELDS = ['recurringProcessingModel', 'shopperInteraction', 'storedPaymentMethodId', 'recurringDetailReference', 'selectedRecurringDetailReference', 'recurring', 'mandate'] as const;
const STORED_METHOD_FIELDS = ['storedPaymentMethodId', 'recurringDetailReference'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const pick = (source: Record<string, unknown>, fields: readonly string[]) => Object.fromEntries(fields.filter((field) => source[field] !== undefined).map((field) => [field, source[field]]));

/** The browser's part of a `/payments` request, checked; `storedPaymentMethodId` names the stored card it pays with (the caller checks it is the shopper's). */
export interface BrowserSubmit {
  fields: Record<string, unknown>;
  storedPaymentMethodId?: string;
  storePaymentMethod: boolean;
}

const refused = (message: string, field: string) => new AppError(403, 'submit_field_not_allowed', message, { field });

/**
 * Checks a drop-in submit against the order's shopper (`shopperReference`, if the order has one)
 * and keeps only the allow-listed fields. Refuses (403 `submit_field_not_allowed`) a recurring
 * model, a shopper interaction, another shopper's reference, a stored method at the top level, and
 * a stored card or `storePaymentMethod` when the order has no shopper; 400 `invalid_submit` for a
 * submit that is not the drop-in's shape.
 */
export function browserSubmitOf(submit: unknown, shopperReference: string | undefined): BrowserSubmit {
  if (!isObject(submit) || !isObject(submit.paymentMethod)) throw new AppError(400, 'invalid_submit', "The body is the drop-in's submit data: an object with a paymentMethod.");
  for (const field of SHOPPER_ONLY_FIELDS) {
    if (submit[field] !== undefined) throw refused(`${field} is set by the platform, not by the browser.`, field);
  }
  if (submit.shopperReference !== undefined && submit.shopperReference !== shopperReference) throw refused('The submit names another shopper than the order\'s.', 'shopperReference');
  const method = submit.paymentMethod;
  const named = STORED_METHOD_FIELDS.map((field) => method[field]).filter((value) => value !== undefined);
  if (named.some((value) => typeof value !== 'string' || value.length === 0 || value.length > 256)) throw new AppError(400, 'invalid_submit', 'paymentMethod.storedPaymentMethodId must be a string of at most 256 characters.');
  if (new Set(named).size > 1) throw refused('The submit names two different stored payment methods.', 'paymentMethod.recurringDetailReference');
  const storedPaymentMethodId = named[0] as string | undefined;
  if (storedPaymentMethodId !== undefined && !shopperReference) throw refused('The order has no shopper with stored payment methods.', 'paymentMethod.storedPaymentMethodId');
  const storePaymentMethod = submit.storePaymentMethod === true;
  if (submit.storePaymentMethod !== undefined && typeof submit.storePaymentMethod !== 'boolean') throw new AppError(400, 'invalid_submit', 'storePaymentMethod must be a boolean.');
  if (storePaymentMethod && !shopperReference) throw refused('A card can only be stored for an order with a shopper reference.', 'storePaymentMethod');
  if (storePaymentMethod && storedPaymentMethodId !== undefined) throw refused('A stored payment method cannot be stored again.', 'storePaymentMethod');
  const { recurringDetailReference: _legacy, ...paymentMethod } = method;
  return {
    fields: { ...pick(submit, SUBMIT_FIELDS), paymentMethod: storedPaymentMethodId === undefined ? paymentMethod : { ...paymentMethod, storedPaymentMethodId } },
    ...(storedPaymentMethodId === undefined ? {} : { storedPaymentMethodId }),
    storePaymentMethod,
  };
}

/** The drop-in's additional details, allow-listed (400 `invalid_details` when not its shape). */
export function browserDetailsOf(body: unknown): Record<string, unknown> {
  if (!isObject(body) || !isObject(body.details)) throw new AppError(400, 'invalid_details', "The body is the drop-in's additional details: an object with details.");
  return pick(body, DETAILS_FIELDS);
}

/**
 * The recurring fields the adapter adds (provider D's tokenization): storing a card in an
 * Ecommerce payment, paying with a stored card while the shopper is there (ContAuth, CardOnFile),
 * or nothing for a plain payment. The shopper reference is always the order's.
 */
export function recurringFieldsOf(submit: BrowserSubmit, shopperReference: string | undefined): Record<string, unknown> {
  if (submit.storedPaymentMethodId !== undefined) return { shopperReference, shopperInteraction: 'ContAuth', recurringProcessingModel: 'CardOnFile' };
  if (submit.storePaymentMethod) return { shopperReference, shopperInteraction: 'Ecommerce', recurringProcessingModel: 'CardOnFile', storePaymentMethod: true };
  return { shopperInteraction: 'Ecommerce', ...(shopperReference ? { shopperReference } : {}) };
}
