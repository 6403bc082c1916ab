/**
 * Provider D's published API as contract operations: Adyen Checkout API v71 (base
 * `https://checkout-test.adyen.com/v71`) and Adyen's standard webhooks (Webhooks v1), written from
 * the OpenAPI documents Adyen publishes (github.com/Adyen/adyen-openapi, `json/CheckoutService-v71.json`
 * and `json/Webhooks-v1.json`). Objects are closed to the properties the reference lists; the ones
 * the adapter sends and the sandbox answers are typed, the other published names are allowed as
 * `{}` so a field the reference lacks — and only such a field — is a violation.
 */
import { array, boolean, integer, map, object, oneOf, string, type JsonSchema, type PublishedOperation } from './published-api.js';

const ANY: JsonSchema = {};
/** Published names this contract does not type further. */
const untyped = (...names: string[]): Record<string, JsonSchema> => Object.fromEntries(names.map((name) => [name, ANY]));

/** `Amount`: minor units, integer. */
const amount = object({ currency: string({ pattern: '^[A-Z]{3}$' }), value: integer() }, ['currency', 'value']);

const apiKeyHeaders: JsonSchema = { type: 'object', required: ['x-api-key'], properties: { 'x-api-key': string() } };
/** `Idempotency-Key`: at most 64 characters (the adapter sends it on every POST that changes something). */
const idempotentHeaders: JsonSchema = { type: 'object', required: ['x-api-key', 'idempotency-key'], properties: { 'x-api-key': string(), 'idempotency-key': string({ maxLength: 64 }) } };

const RESULT_CODES = ['AuthenticationFinished', 'AuthenticationNotRequired', 'Authorised', 'Cancelled', 'ChallengeShopper', 'Error', 'IdentifyShopper', 'PartiallyAuthorised', 'Pending', 'PresentToShopper', 'Received', 'RedirectShopper', 'Refused', 'Success'];
const RECURRING_MODELS = ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'];

/** `CardDetails` (type scheme) and `StoredPaymentMethodDetails`, the payment methods the flows pay with. */
const cardDetails = object({
  ...untyped('billingSequenceNumber', 'checkoutAttemptId', 'cupsecureplus.smscode', 'cvc', 'encryptedCard', 'encryptedPassword', 'expiryMonth', 'expiryYear', 'fastlaneData', 'fundingSource', 'networkPaymentReference', 'number', 'recurringDetailReference', 'sdkData', 'shopperNotificationReference', 'srcCorrelationId', 'srcDigitalCardId', 'srcScheme', 'srcTokenReference', 'threeDS2SdkVersion'),
  type: oneOf('bcmc', 'scheme', 'networkToken', 'giftcard', 'card', 'clicktopay'),
  brand: string(),
  encryptedCardNumber: string(),
  encryptedExpiryMonth: string(),
  encryptedExpiryYear: string(),
  encryptedSecurityCode: string(),
  holderName: string(),
  storedPaymentMethodId: string({ maxLength: 64 }),
});

/** `BillingAddress` (and `DeliveryAddress`, which adds the names): every part but stateOrProvince required. */
const ADDRESS_REQUIRED = ['city', 'country', 'houseNumberOrName', 'postalCode', 'street'];
const address = object({ city: string({ maxLength: 3000 }), country: string({ pattern: '^[A-Z]{2}$' }), houseNumberOrName: string({ maxLength: 3000 }), postalCode: string(), stateOrProvince: string({ maxLength: 1000 }), street: string({ maxLength: 3000 }) }, ADDRESS_REQUIRED);

/** `PaymentRequest`: required amount, merchantAccount, paymentMethod, reference, returnUrl. */
const paymentRequest = object(
  {
    ...untyped(
      'accountInfo', 'additionalAmount', 'additionalData', 'applicationInfo', 'authenticationData', 'bankAccount', 'captureDelayHours', 'checkoutAttemptId', 'company', 'conversionId',
      'dateOfBirth', 'dccQuote', 'deliverAt', 'deliveryDate', 'deviceFingerprint', 'enableOneClick', 'enablePayOut', 'enableRecurring', 'enhancedSchemeData', 'entityType', 'fraudOffset',
      'fundOrigin', 'fundRecipient', 'industryUsage', 'installments', 'lineItems', 'localizedShopperStatement', 'mandate', 'mcc', 'merchantOrderReference', 'merchantRiskIndicator', 'mpiData', 'order',
      'orderReference', 'paymentValidations', 'platformChargebackLogic', 'recurringExpiry', 'recurringFrequency', 'redirectFromIssuerMethod', 'redirectToIssuerMethod', 'riskData', 'sessionValidity',
      'shopperConversionId', 'shopperStatement', 'shopperTaxInfo', 'socialSecurityNumber', 'splits', 'store', 'subMerchants', 'surcharge',
      'threeDS2RequestData', 'threeDSAuthenticationOnly', 'trustedShopper',
    ),
    amount,
    merchantAccount: string(),
    paymentMethod: cardDetails,
    reference: string({ maxLength: 80 }),
    returnUrl: string({ minLength: 1, maxLength: 8000 }),
    // What 3-D Secure 2 asks of a web payment, as published: the whole BrowserInfo, the page's origin, channel Web, the shopper's details.
    browserInfo: object(
      { acceptHeader: string(), colorDepth: integer(), javaEnabled: boolean(), javaScriptEnabled: boolean(), language: string(), screenHeight: integer(), screenWidth: integer(), timeZoneOffset: integer(), userAgent: string() },
      ['acceptHeader', 'colorDepth', 'javaEnabled', 'language', 'screenHeight', 'screenWidth', 'timeZoneOffset', 'userAgent'],
    ),
    origin: string({ maxLength: 80 }),
    channel: oneOf('iOS', 'Android', 'Web'),
    billingAddress: address,
    deliveryAddress: object({ ...address.properties as Record<string, JsonSchema>, firstName: string(), lastName: string() }, ADDRESS_REQUIRED),
    shopperEmail: string(),
    shopperIP: string(),
    shopperName: object({ firstName: string({ maxLength: 80 }), lastName: string({ maxLength: 80 }) }, ['firstName', 'lastName']),
    telephoneNumber: string(),
    countryCode: string({ pattern: '^[A-Z]{2}$' }),
    shopperLocale: string(),
    shopperReference: string({ minLength: 3, maxLength: 256 }),
    shopperInteraction: oneOf('Ecommerce', 'ContAuth', 'Moto', 'POS'),
    recurringProcessingModel: oneOf(...RECURRING_MODELS),
    storePaymentMethod: boolean(),
    // At most 20 entries, keys of at most 20 characters, values of at most 80.
    metadata: { type: 'object', maxProperties: 20, propertyNames: { maxLength: 20 }, additionalProperties: string({ maxLength: 80 }) },
  },
  ['amount', 'merchantAccount', 'paymentMethod', 'reference', 'returnUrl'],
);

/** The actions a payment answer may carry (`CheckoutThreeDS2Action`, `CheckoutRedirectAction`). */
const action: JsonSchema = {
  oneOf: [
    object({ type: oneOf('threeDS2'), authorisationToken: string(), paymentData: string(), paymentMethodType: string(), subtype: string(), token: string(), url: string() }, ['type']),
    object({ type: oneOf('redirect'), data: map(ANY), method: string(), paymentMethodType: string(), url: string() }, ['type']),
  ],
};

/** `PaymentResponse` / `PaymentDetailsResponse` (nothing required by the reference; the flows need a resultCode). */
const paymentResponse = object(
  {
    ...untyped('donationToken', 'fraudResult', 'order', 'paymentValidations', 'refusalReasonCode', 'threeDS2ResponseData', 'threeDS2Result', 'threeDSPaymentData', 'shopperLocale'),
    action,
    additionalData: map(),
    amount,
    merchantReference: string(),
    paymentMethod: object({ brand: string(), type: string() }),
    pspReference: string(),
    refusalReason: string(),
    resultCode: oneOf(...RESULT_CODES),
  },
  ['resultCode'],
);

/** `PaymentMethod` and `StoredPaymentMethod` as `/paymentMethods` lists them. */
const paymentMethod = object({
  ...untyped('apps', 'configuration', 'fundingSource', 'group', 'promoted'),
  brand: string(),
  brands: array(string()),
  inputDetails: array(ANY),
  issuers: array(object({ disabled: boolean(), id: string(), name: string() }, ['id', 'name'])),
  name: string(),
  type: string(),
});
const storedPaymentMethod = object({
  ...untyped('bankAccountNumber', 'bankLocationId', 'cashtag', 'iban', 'label', 'networkTxReference', 'ownerName', 'shopperEmail'),
  brand: string(),
  expiryMonth: string(),
  expiryYear: string(),
  holderName: string(),
  id: string(),
  lastFour: string(),
  name: string(),
  supportedRecurringProcessingModels: array(oneOf(...RECURRING_MODELS)),
  supportedShopperInteractions: array(oneOf('Ecommerce', 'ContAuth', 'Moto', 'POS')),
  type: string(),
});

const modificationStatus = oneOf('received');
const ERRORS = [400, 401, 403, 422, 500] as const;

/** One notification item's `additionalData`: what an AUTHORISATION may carry (the request's metadata flattened as `metadata.<key>`), what a modification's may. */
const authorisationData: JsonSchema = {
  type: 'object',
  properties: {
    hmacSignature: string(),
    cardSummary: string(),
    recurringProcessingModel: oneOf(...RECURRING_MODELS),
    'recurring.recurringDetailReference': string(),
    'recurring.shopperReference': string(),
    shopperReference: string(),
    expiryDate: string(),
    authCode: string(),
    paymentMethod: string(),
  },
  patternProperties: { '^metadata\\.[^.]{1,20}$': string({ maxLength: 80 }) },
  additionalProperties: false,
};
/** `CaptureAdditionalData`, `RefundAdditionalData`, `CancellationAdditionalData` share these; none has metadata. */
const modificationData = object({ hmacSignature: string(), bookingDate: string(), paymentMethodVariant: string(), acquirerReference: string(), merchantOrderReference: string() });
/** `CancelOrRefundAdditionalData`: which it was (`modification.action`) and the payment's own merchant reference. */
const cancelOrRefundData = object({ hmacSignature: string(), bookingDate: string(), paymentMethodVariant: string(), acquirerReference: string(), merchantOrderReference: string(), 'modification.action': oneOf('cancel', 'refund'), originalMerchantReference: string() });

const itemFields = {
  amount,
  eventDate: string(),
  merchantAccountCode: string(),
  merchantReference: string(),
  paymentMethod: string(),
  pspReference: string(),
  reason: string(),
  success: oneOf('true', 'false'),
};
const ITEM_REQUIRED = ['pspReference', 'merchantReference', 'merchantAccountCode', 'eventDate', 'eventCode', 'amount', 'success'];
/** `AuthorisationNotificationRequestItem` (no originalReference) or a modification's (`originalReference` = the payment's PSP reference). */
const notificationItem: JsonSchema = {
  oneOf: [
    object({ ...itemFields, eventCode: oneOf('AUTHORISATION'), additionalData: authorisationData, operations: array(oneOf('CAPTURE', 'CANCEL', 'REFUND')) }, ITEM_REQUIRED),
    object({ ...itemFields, eventCode: oneOf('CAPTURE', 'CAPTURE_FAILED', 'REFUND', 'REFUND_FAILED', 'CANCELLATION'), additionalData: modificationData, originalReference: string() }, [...ITEM_REQUIRED, 'originalReference']),
    object({ ...itemFields, eventCode: oneOf('CANCEL_OR_REFUND'), additionalData: cancelOrRefundData, originalReference: string() }, [...ITEM_REQUIRED, 'originalReference']),
  ],
};

export const PROVIDER_D_PUBLISHED_OPERATIONS: readonly PublishedOperation[] = [
  {
    name: 'POST /paymentMethods',
    direction: 'in',
    method: 'POST',
    path: '/v71/paymentMethods',
    headers: apiKeyHeaders,
    request: object(
      { ...untyped('additionalData', 'allowedPaymentMethods', 'blockedPaymentMethods', 'browserInfo', 'channel', 'order', 'shopperConversionId', 'shopperEmail', 'shopperIP', 'splitCardFundingSources', 'store', 'storeFiltrationMode', 'telephoneNumber'), merchantAccount: string(), amount, countryCode: string({ pattern: '^[A-Z]{2}$' }), shopperLocale: string(), shopperReference: string({ minLength: 3, maxLength: 256 }) },
      ['merchantAccount'],
    ),
    responses: { 200: object({ paymentMethods: array(paymentMethod), storedPaymentMethods: array(storedPaymentMethod) }) },
    otherStatuses: ERRORS,
  },
  { name: 'POST /payments', direction: 'in', method: 'POST', path: '/v71/payments', headers: idempotentHeaders, request: paymentRequest, responses: { 200: paymentResponse }, otherStatuses: ERRORS },
  {
    name: 'POST /payments/details',
    direction: 'in',
    method: 'POST',
    path: '/v71/payments/details',
    headers: idempotentHeaders,
    request: object({ authenticationData: ANY, details: object({ ...untyped('MD', 'PaReq', 'PaRes', 'authorization_token', 'billingToken', 'cupsecureplus.smscode', 'facilitatorAccessToken', 'oneTimePasscode', 'orderID', 'payerID', 'payload', 'paymentID', 'paymentStatus', 'resultCode', 'returnUrlQueryString', 'threeds2.fingerprint', 'vaultToken'), redirectResult: string(), threeDSResult: string(), 'threeds2.challengeResult': string() }), paymentData: string(), threeDSAuthenticationOnly: boolean() }, ['details']),
    responses: { 200: paymentResponse },
    otherStatuses: ERRORS,
  },
  {
    name: 'POST /payments/{paymentPspReference}/captures',
    direction: 'in',
    method: 'POST',
    path: '/v71/payments/{paymentPspReference}/captures',
    headers: idempotentHeaders,
    request: object({ ...untyped('applicationInfo', 'enhancedSchemeData', 'lineItems', 'platformChargebackLogic', 'splits', 'subMerchants'), amount, merchantAccount: string(), reference: string({ maxLength: 80 }) }, ['amount', 'merchantAccount']),
    responses: { 201: object({ ...untyped('lineItems', 'platformChargebackLogic', 'splits', 'subMerchants'), amount, merchantAccount: string(), paymentPspReference: string(), pspReference: string(), reference: string(), status: modificationStatus }, ['amount', 'merchantAccount', 'paymentPspReference', 'pspReference', 'status']) },
    otherStatuses: ERRORS,
  },
  {
    name: 'POST /payments/{paymentPspReference}/refunds',
    direction: 'in',
    method: 'POST',
    path: '/v71/payments/{paymentPspReference}/refunds',
    headers: idempotentHeaders,
    request: object({ ...untyped('applicationInfo', 'capturePspReference', 'enhancedSchemeData', 'lineItems', 'merchantRefundReason', 'splits', 'store'), amount, merchantAccount: string(), reference: string({ maxLength: 80 }) }, ['amount', 'merchantAccount']),
    responses: { 201: object({ ...untyped('capturePspReference', 'lineItems', 'merchantRefundReason', 'splits', 'store'), amount, merchantAccount: string(), paymentPspReference: string(), pspReference: string(), reference: string(), status: modificationStatus }, ['amount', 'merchantAccount', 'paymentPspReference', 'pspReference', 'status']) },
    otherStatuses: ERRORS,
  },
  {
    name: 'POST /payments/{paymentPspReference}/cancels',
    direction: 'in',
    method: 'POST',
    path: '/v71/payments/{paymentPspReference}/cancels',
    headers: idempotentHeaders,
    request: object({ ...untyped('applicationInfo', 'enhancedSchemeData'), merchantAccount: string(), reference: string({ maxLength: 80 }) }, ['merchantAccount']),
    responses: { 201: object({ merchantAccount: string(), paymentPspReference: string(), pspReference: string(), reference: string(), status: modificationStatus }, ['merchantAccount', 'paymentPspReference', 'pspReference', 'status']) },
    otherStatuses: ERRORS,
  },
  {
    name: 'POST /payments/{paymentPspReference}/reversals',
    direction: 'in',
    method: 'POST',
    path: '/v71/payments/{paymentPspReference}/reversals',
    headers: idempotentHeaders,
    request: object({ ...untyped('applicationInfo', 'enhancedSchemeData'), merchantAccount: string(), reference: string({ maxLength: 80 }) }, ['merchantAccount']),
    responses: { 201: object({ merchantAccount: string(), paymentPspReference: string(), pspReference: string(), reference: string(), status: modificationStatus }, ['merchantAccount', 'paymentPspReference', 'pspReference', 'status']) },
    otherStatuses: ERRORS,
  },
  {
    name: 'standard webhook (NotificationRequest)',
    direction: 'out',
    method: 'POST',
    path: 'webhook',
    headers: { type: 'object', required: ['content-type'], properties: { 'content-type': string({ pattern: '^application/json' }) } },
    request: object({ live: oneOf('true', 'false'), notificationItems: array(object({ NotificationRequestItem: notificationItem }, ['NotificationRequestItem']), { minItems: 1 }) }, ['live', 'notificationItems']),
    // The merchant's acknowledgement: the text `[accepted]`.
    responses: { 200: { const: '[accepted]' } },
  },
];
