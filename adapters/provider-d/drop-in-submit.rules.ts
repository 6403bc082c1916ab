/**
 * What a shopper's browser may say in the drop-in's submit and details (provider D): an
 * allow-list of the drop-in's own fields; who the shopper is, which stored card is theirs and
 * which recurring model applies are the order's and the platform's to say, never the browser's.
 */
import { AppError } from '../kit/platform.js';
import type { PaymentDetailsRequest, PaymentRequest } from './provider-d.types.js';
import { defined } from './defined.js';

/**
 * The fields of the drop-in's `onSubmit` `state.data` the adapter passes on to `/payments`, each
 * checked against the provider's model (`PaymentRequest`); any other field a browser adds is
 * dropped. Amount, reference, merchant account, return address, metadata, country and locale are
 * the order's; so are who the shopper is and where they live — `shopperEmail`, `shopperName`,
 * `telephoneNumber`, `billingAddress`, `deliveryAddress` come from the order's customer, never
 * from the browser (3-D Secure 2 is decided on them) — and `shopperIP`, `channel` and (when the
 * channel configures its checkout page) `origin` from the server's side (provider-d.mapper.ts).
 * `clientStateDataIndicator`, which the drop-in adds, is not in the published `PaymentRequest`, and
 * `conversionId` was deprecated for `checkoutAttemptId` before v71: both are dropped.
 */
export const SUBMIT_FIELDS = ['paymentMethod', 'browserInfo', 'origin', 'riskData', 'storePaymentMethod', 'dateOfBirth', 'installments', 'checkoutAttemptId'] as const;

/** The keys of the published `PaymentCompletionDetails` (as sent: `threeds2.fingerprint`, not the library's `threeds2_fingerprint`). */
const DETAILS_KEYS = new Set(['MD', 'PaReq', 'PaRes', 'authorization_token', 'billingToken', 'cupsecureplus.smscode', 'facilitatorAccessToken', 'oneTimePasscode', 'orderID', 'payerID', 'payload', 'paymentID', 'paymentStatus', 'redirectResult', 'resultCode', 'returnUrlQueryString', 'threeDSResult', 'threeds2.challengeResult', 'threeds2.fingerprint', 'vaultToken']);

/**
 * Fields that would let a browser choose another shopper's stored card or a recurring model: a
 * submit naming one is refused (403) and nothing reaches the provider. `shopperReference` is
 * accepted only when it is the order's own.
 */
const SHOPPER_ONLY_FIELDS = ['recurringProcessingModel', 'shopperInteraction', 'storedPaymentMethodId', 'recurringDetailReference', 'selectedRecurringDetailReference', 'recurring', 'mandate'] as const;
const STORED_METHOD_FIELDS = ['storedPaymentMethodId', 'recurringDetailReference'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a browser may set of a `/payments` request. */
export type BrowserFields = Pick<PaymentRequest, (typeof SUBMIT_FIELDS)[number]>;

/** The browser's part of a `/payments` request, checked; `storedPaymentMethodId` names the stored card it pays with (the caller checks it is the shopper's). */
export interface BrowserSubmit {
  fields: BrowserFields;
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
  if (typeof paymentMethod.type !== 'string' || paymentMethod.type.length === 0 || paymentMethod.type.length > 64) throw invalid('paymentMethod.type', 'paymentMethod.type names the payment method (a string).');
  // The method's own details (encrypted card fields, a wallet's token) are the provider's to check; its type is ours to require.
  const chosen = (storedPaymentMethodId === undefined ? paymentMethod : { ...paymentMethod, storedPaymentMethodId }) as PaymentRequest['paymentMethod'];
  return {
    fields: { paymentMethod: chosen, ...optionalFields(submit), ...defined({ storePaymentMethod: storePaymentMethod || undefined } satisfies Partial<BrowserFields>) },
    ...(storedPaymentMethodId === undefined ? {} : { storedPaymentMethodId }),
    storePaymentMethod,
  };
}

const invalid = (field: string, message: string) => new AppError(400, 'invalid_submit', message, { field });
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isText = (value: unknown, max = 1000): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;
const INSTALMENT_PLANS = ['bonus', 'buynow_paylater', 'interes_refund_prctg', 'interest_bonus', 'nointeres_refund_prctg', 'nointerest_bonus', 'refund_prctg', 'regular', 'revolving', 'with_interest'] as const;

/** The published `BrowserInfo`: every field but `javaScriptEnabled` required (3-D Secure 2 for web needs the whole object). */
function browserInfoOf(value: Record<string, unknown>): NonNullable<PaymentRequest['browserInfo']> {
  const { acceptHeader, colorDepth, javaEnabled, javaScriptEnabled, language, screenHeight, screenWidth, timeZoneOffset, userAgent } = value;
  if (!isText(acceptHeader) || !isInteger(colorDepth) || typeof javaEnabled !== 'boolean' || !isText(language, 100) || !isInteger(screenHeight) || !isInteger(screenWidth) || !isInteger(timeZoneOffset) || !isText(userAgent)) {
    throw invalid('browserInfo', 'browserInfo is the drop-in\'s: acceptHeader, colorDepth, javaEnabled, language, screenHeight, screenWidth, timeZoneOffset and userAgent.');
  }
  if (javaScriptEnabled !== undefined && typeof javaScriptEnabled !== 'boolean') throw invalid('browserInfo', 'browserInfo.javaScriptEnabled is a boolean.');
  return defined({ acceptHeader, colorDepth, javaEnabled, language, screenHeight, screenWidth, timeZoneOffset, userAgent, javaScriptEnabled } satisfies NonNullable<PaymentRequest['browserInfo']>);
}

/** The origin the page runs on, as the published API wants it: scheme, host and port only, at most 80 characters. */
export const isOrigin = (value: unknown): value is string => {
  if (!isText(value, 80)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
};

/** The drop-in's optional fields, each in the published shape (400 `invalid_submit` naming the field otherwise). */
function optionalFields(submit: Record<string, unknown>): Omit<BrowserFields, 'paymentMethod' | 'storePaymentMethod'> {
  const { browserInfo, origin, riskData, dateOfBirth, installments, checkoutAttemptId } = submit;
  const fields: Omit<BrowserFields, 'paymentMethod' | 'storePaymentMethod'> = {};
  if (browserInfo !== undefined) {
    if (!isObject(browserInfo)) throw invalid('browserInfo', 'browserInfo is an object.');
    fields.browserInfo = browserInfoOf(browserInfo);
  }
  if (origin !== undefined) {
    if (!isOrigin(origin)) throw invalid('origin', 'origin is the page\'s origin (https://shop.example), at most 80 characters.');
    fields.origin = origin;
  }
  if (riskData !== undefined) {
    if (!isObject(riskData) || (riskData.clientData !== undefined && !isText(riskData.clientData, 100_000))) throw invalid('riskData', 'riskData is the drop-in\'s {clientData}.');
    if (riskData.clientData !== undefined) fields.riskData = { clientData: riskData.clientData };
  }
  if (dateOfBirth !== undefined) {
    if (typeof dateOfBirth !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) throw invalid('dateOfBirth', 'dateOfBirth is a date (YYYY-MM-DD).');
    fields.dateOfBirth = dateOfBirth;
  }
  if (installments !== undefined) {
    const plan = isObject(installments) ? installments.plan : undefined;
    if (!isObject(installments) || !isInteger(installments.value) || installments.value < 1 || (plan !== undefined && !INSTALMENT_PLANS.includes(plan as (typeof INSTALMENT_PLANS)[number]))) throw invalid('installments', 'installments is {value, plan?}.');
    fields.installments = defined({ value: installments.value, plan: plan as (typeof INSTALMENT_PLANS)[number] | undefined } satisfies NonNullable<PaymentRequest['installments']>);
  }
  if (checkoutAttemptId !== undefined) {
    if (!isText(checkoutAttemptId, 256)) throw invalid('checkoutAttemptId', 'checkoutAttemptId is a string.');
    fields.checkoutAttemptId = checkoutAttemptId;
  }
  return fields;
}

/** The drop-in's additional details (`onAdditionalDetails` `state.data`): the published detail keys with string values, and `paymentData`; 400 `invalid_details` when not its shape. */
export function browserDetailsOf(body: unknown): PaymentDetailsRequest {
  if (!isObject(body) || !isObject(body.details)) throw new AppError(400, 'invalid_details', "The body is the drop-in's additional details: an object with details.");
  const entries = Object.entries(body.details).filter(([key]) => DETAILS_KEYS.has(key));
  if (entries.length === 0 || entries.some(([, value]) => !isText(value, 100_000))) throw new AppError(400, 'invalid_details', 'details holds the provider\'s result (threeDSResult, redirectResult, …) as strings.');
  if (body.paymentData !== undefined && !isText(body.paymentData, 100_000)) throw new AppError(400, 'invalid_details', 'paymentData is a string.');
  const details: Record<string, string> = Object.fromEntries(entries as Array<[string, string]>);
  return defined({ details, paymentData: body.paymentData as string | undefined } satisfies PaymentDetailsRequest);
}

/**
 * The recurring fields the adapter adds (provider D's tokenization): storing a card in an
 * Ecommerce payment, paying with a stored card while the shopper is there (ContAuth, CardOnFile),
 * or nothing for a plain payment. The shopper reference is always the order's.
 */
export function recurringFieldsOf(submit: BrowserSubmit, shopperReference: string | undefined): Pick<PaymentRequest, 'shopperReference' | 'shopperInteraction' | 'recurringProcessingModel' | 'storePaymentMethod'> {
  if (submit.storedPaymentMethodId !== undefined) return { shopperReference, shopperInteraction: 'ContAuth', recurringProcessingModel: 'CardOnFile' };
  if (submit.storePaymentMethod) return { shopperReference, shopperInteraction: 'Ecommerce', recurringProcessingModel: 'CardOnFile', storePaymentMethod: true };
  return shopperReference ? { shopperInteraction: 'Ecommerce', shopperReference } : { shopperInteraction: 'Ecommerce' };
}
