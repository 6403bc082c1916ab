/** Request bodies of provider D's API and of the sandbox's shopper API. */

const amount = { type: 'object', required: ['value', 'currency'], properties: { value: { type: 'integer', minimum: 0 }, currency: { type: 'string', pattern: '^[A-Z]{3}$' } } } as const;
const account = { type: 'string', minLength: 1, maxLength: 80 } as const;
const models = { enum: ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'] } as const;

export const paymentMethodsBody = {
  type: 'object',
  required: ['merchantAccount'],
  properties: { merchantAccount: account, countryCode: { type: 'string' }, amount, shopperReference: { type: 'string', maxLength: 256 }, channel: { type: 'string' }, shopperLocale: { type: 'string' } },
} as const;

/** `BillingAddress` / `DeliveryAddress`: street and house number apart, every part but the region required. */
const address = (extra: Record<string, object> = {}) =>
  ({
    type: 'object',
    required: ['city', 'country', 'houseNumberOrName', 'postalCode', 'street'],
    properties: { city: { type: 'string', maxLength: 3000 }, country: { type: 'string', pattern: '^[A-Z]{2}$' }, houseNumberOrName: { type: 'string', maxLength: 3000 }, postalCode: { type: 'string', maxLength: 10 }, stateOrProvince: { type: 'string', maxLength: 1000 }, street: { type: 'string', maxLength: 3000 }, ...extra },
  }) as const;
const int = { type: 'integer' } as const;
/** `BrowserInfo`: every field but javaScriptEnabled required. */
const browserInfo = {
  type: 'object',
  required: ['acceptHeader', 'colorDepth', 'javaEnabled', 'language', 'screenHeight', 'screenWidth', 'timeZoneOffset', 'userAgent'],
  properties: { acceptHeader: { type: 'string' }, colorDepth: int, javaEnabled: { type: 'boolean' }, javaScriptEnabled: { type: 'boolean' }, language: { type: 'string' }, screenHeight: int, screenWidth: int, timeZoneOffset: int, userAgent: { type: 'string' } },
} as const;
const name = { type: 'string', maxLength: 80 } as const;

export const paymentsBody = {
  type: 'object',
  required: ['merchantAccount', 'amount', 'reference', 'paymentMethod', 'returnUrl'],
  properties: {
    merchantAccount: account,
    amount,
    reference: { type: 'string', minLength: 1, maxLength: 80 },
    paymentMethod: { type: 'object' },
    returnUrl: { type: 'string', minLength: 1, maxLength: 8000 },
    shopperReference: { type: 'string', minLength: 3, maxLength: 256 },
    storePaymentMethod: { type: 'boolean' },
    recurringProcessingModel: models,
    shopperInteraction: { enum: ['Ecommerce', 'ContAuth'] },
    metadata: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string', maxLength: 80 } },
    // What 3-D Secure 2 asks for (as published; the sandbox keeps them with the payment).
    billingAddress: address(),
    deliveryAddress: address({ firstName: { type: 'string' }, lastName: { type: 'string' } }),
    browserInfo,
    channel: { enum: ['iOS', 'Android', 'Web'] },
    origin: { type: 'string', maxLength: 80 },
    shopperEmail: { type: 'string' },
    shopperIP: { type: 'string' },
    shopperName: { type: 'object', required: ['firstName', 'lastName'], properties: { firstName: name, lastName: name } },
    telephoneNumber: { type: 'string' },
  },
} as const;

export const detailsBody = {
  type: 'object',
  required: ['details'],
  properties: { details: { type: 'object' }, paymentData: { type: 'string' } },
} as const;

export const modificationBody = {
  type: 'object',
  required: ['merchantAccount'],
  properties: { merchantAccount: account, amount, reference: { type: 'string', maxLength: 80 } },
} as const;

export const pspParams = { type: 'object', required: ['pspReference'], properties: { pspReference: { type: 'string', pattern: '^[A-Za-z0-9]{1,64}$' } } } as const;
export const challengeParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;
export const accountParams = { type: 'object', required: ['merchantAccount'], properties: { merchantAccount: account } } as const;

export const challengeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['outcome'],
  properties: { outcome: { enum: ['authorise', 'refuse', 'cancel'] } },
} as const;

export const settleBody = { type: 'object', additionalProperties: false, required: ['outcome'], properties: { outcome: { enum: ['authorise', 'refuse'] } } } as const;

export const subscriptionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['shopperReference'],
  properties: { shopperReference: { type: 'string', minLength: 3, maxLength: 256 }, merchantAccount: account, cardNumber: { type: 'string', pattern: '^[0-9 ]{12,23}$' }, recurringProcessingModel: models },
} as const;

export const accountBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    apiKey: { type: 'string', minLength: 8, maxLength: 200 },
    hmacKey: { type: 'string', pattern: '^([0-9A-Fa-f]{2}){16,64}$' },
    webhookUrl: { type: 'string', format: 'uri', pattern: '^https?://' },
  },
} as const;
