import { errors, json } from '../../platform/http/api-docs.schemas.js';

/** What the provider B sandbox answers, for its API document (docs/api-documents.md). */

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const text = nullable(str);
const obj = (properties: Record<string, object>, required = Object.keys(properties)) => ({ type: 'object', required, properties }) as const;

const item = obj({ description: str, notes: str, amount: num, taxCode: str, taxAmount: num, quantity: num }, ['description', 'amount']);
const address = { type: 'object', properties: Object.fromEntries(['name', 'firstName', 'lastName', 'address1', 'address2', 'zip', 'city', 'country', 'phone', 'email'].map((key) => [key, text])) };
const checkbox = { enum: ['Hidden', 'Unchecked', 'Checked'] };
const modeObject = obj(
  {
    step: obj({ customerToken: text, current: { enum: ['Initialized', 'EmailZipEntry', 'PersonalInfo', 'Completed', 'TimedOut'] }, rememberMe: checkbox, smsNewsletterSubscription: checkbox, emailNewsletterSubscription: checkbox }),
    userInputs: obj({ email: text, phone: text }),
    invoicingAddress: address,
    deliveryAddress: address,
    customerInfo: obj({ firstName: text, lastName: text }),
  },
  ['step', 'userInputs', 'invoicingAddress', 'deliveryAddress'],
);
const purchaseProperties = {
  purchaseId: str,
  extraIdentifiers: { type: 'object', additionalProperties: text },
  totalPrice: num,
  createdUtc: str,
  expiredUtc: str,
  checkoutSite: obj({ siteCode: str, countryCode: str, currencyCode: str }),
  mode: { enum: ['B2C', 'B2B'] },
  b2C: modeObject,
  b2B: modeObject,
  paymentMethods: obj({ selectedPayment: obj({ type: str, paymentFee: num }) }, []),
  Modules: { type: 'array', items: { type: 'object', description: "The shipping broker's module (the shopper's shipping option)" } },
};
const purchase = { type: 'object', required: ['purchaseId', 'extraIdentifiers', 'totalPrice', 'createdUtc', 'expiredUtc', 'checkoutSite', 'mode', 'paymentMethods'], properties: purchaseProperties } as const;
const callbackAttempt = obj({ url: str, at: str, status: nullable(num), error: nullable(str) });
const inspected = {
  type: 'object',
  properties: {
    ...purchaseProperties,
    items: { type: 'array', items: item },
    language: str,
    differentDeliveryAddress: checkbox,
    callbackUrl: text,
    management: obj({ status: str, authorizedAmount: num, deliveredAmount: num, refundedAmount: num }),
    completedUtc: text,
    callbacks: { type: 'array', items: callbackAttempt },
  },
} as const;
/** Avarda's error form beside the platform's (provider-b.routes.ts avardaErrorHandler). */
const avardaError = (description: string) =>
  json(description, {
    allOf: [
      { $ref: 'ErrorBody#' },
      { type: 'object', required: ['errorCode', 'errorMessage'], properties: { errorCode: num, errorMessage: str, Errors: { type: 'array', items: obj({ Property: str, ErrorCode: num, ErrorMessage: str }) } } },
    ],
  });

export const answers = {
  token: { 200: json('A partner token', obj({ token: str, tokenExpirationUtc: str })), 401: json('Unknown credentials', obj({ error: str, error_description: str, code: str, message: str })) },
  created: { 201: json('The purchase: its id and the JWT the embedded checkout needs', obj({ purchaseId: str, jwt: str, expiredUtc: str })), 400: avardaError('Refused, in Avarda\'s error form'), 401: avardaError('No or an expired partner token') },
  purchase: { 200: json('The purchase (payment status)', purchase), 401: avardaError('No or an expired partner token'), 404: avardaError('No such purchase of this partner') },
  done: { 200: { description: 'Applied (no content, as published)', type: 'null' }, 400: avardaError('Refused, in Avarda\'s error form'), 401: avardaError('No or an expired partner token'), 404: avardaError('No such purchase of this partner') },
  shopper: { 200: json('Everything about the purchase', inspected), ...errors(400, 404) },
  completed: { 200: json('The purchase, how it ended and the server callback it sent (null: none)', obj({ purchase: inspected, outcome: { enum: ['completed', 'declined'] }, callback: nullable(callbackAttempt) }, ['purchase', 'callback'])), ...errors(400, 404, 409) },
  purchases: { 200: json('Every purchase', obj({ purchases: { type: 'array', items: inspected } })) },
  revoked: { 200: json('How many tokens were forgotten', obj({ revoked: num })) },
};
