/** JSON schemas of the provider C sandbox's requests: Qliro One's published ones (closed) and the sandbox's own (fastify validates; 400). */
import { LANGUAGES } from './provider-c.model.js';

const text = (max = 200) => ({ type: 'string', maxLength: max }) as const;
const url = { type: 'string', maxLength: 2000, pattern: '^https?://' } as const;
const optionalUrl = { type: 'string', maxLength: 2000, pattern: '^(https?://.*)?$' } as const;
const currency = { type: 'string', pattern: '^[A-Z]{3}$' } as const;
const country = { type: 'string', pattern: '^[A-Z]{2}$' } as const;
const language = { enum: [...LANGUAGES] } as const;
const price = { type: 'number', minimum: -100_000_000, maximum: 100_000_000 } as const;
const textOrNumber = { type: ['string', 'number'], maxLength: 40 } as const;

export const orderParamsSchema = { type: 'object', required: ['orderId'], properties: { orderId: { type: 'string', pattern: '^[0-9]{1,12}$' } } } as const;
export const cardParamsSchema = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' } } } as const;
export const referenceQuerySchema = { type: 'object', additionalProperties: false, required: ['merchantReference'], properties: { merchantReference: { type: 'string', minLength: 1, maxLength: 200 } } } as const;

/** An order item (QliroOrderItemInterface): prices per item incl. and excl. VAT in major units, `VatRate` in percent. */
const orderItem = {
  type: 'object',
  additionalProperties: false,
  required: ['MerchantReference', 'Description', 'Type', 'Quantity', 'PricePerItemIncVat', 'PricePerItemExVat'],
  properties: {
    MerchantReference: { type: 'string', minLength: 1, maxLength: 200 },
    Description: { type: 'string', minLength: 1, maxLength: 200 },
    Type: { enum: ['Product', 'Discount', 'Fee', 'Shipping'] },
    Quantity: { type: 'number', exclusiveMinimum: 0, maximum: 100_000 },
    PricePerItemIncVat: price,
    PricePerItemExVat: price,
    VatRate: { type: 'number', minimum: 0, maximum: 100 },
    Metadata: { type: 'object' },
  },
} as const;
const orderItems = { type: 'array', minItems: 1, maxItems: 500, items: orderItem } as const;

/** An address in a request (QliroOrderCustomerAddressInterface; `Street2`, `Area`, `AreaCode` from developers.qliro.com "Customer authentication"). */
const address = {
  type: 'object',
  additionalProperties: false,
  properties: { FirstName: text(), LastName: text(), CareOf: text(), CompanyName: text(), Street: text(), Street2: text(), PostalCode: textOrNumber, City: text(), Area: text(), AreaCode: text(20) },
} as const;

const juridicalType = { enum: ['Physical', 'Company'] } as const;

/** The prefill (`CustomerInformation`, QliroOrderCustomerInterface and "Customer authentication"). */
const customerInformation = {
  type: 'object',
  additionalProperties: false,
  properties: {
    Email: text(),
    MobileNumber: textOrNumber,
    PersonalNumber: text(40),
    VatNumber: text(40),
    JuridicalType: juridicalType,
    Address: address,
    ShippingAddress: address,
    LockCustomerInformation: { type: 'boolean' },
    LockCustomerEmail: { type: 'boolean' },
    LockCustomerMobileNumber: { type: 'boolean' },
    LockCustomerAddress: { type: 'boolean' },
  },
} as const;

/** A shipping method offered in the checkout (QliroOrderShippingMethodInterface; developers.qliro.com "Integrated shipping"). */
const shippingMethod = {
  type: 'object',
  additionalProperties: false,
  required: ['MerchantReference', 'DisplayName', 'PriceIncVat', 'PriceExVat'],
  properties: {
    MerchantReference: { type: 'string', minLength: 1, maxLength: 200 },
    ShippingFeeMerchantReference: text(),
    DisplayName: { type: 'string', minLength: 1, maxLength: 200 },
    Descriptions: { anyOf: [text(1000), { type: 'array', maxItems: 10, items: text() }] },
    Brand: text(),
    PriceIncVat: price,
    PriceExVat: price,
    OriginalPrice: price,
    SupportsAccessCode: { type: 'boolean' },
    SupportsDynamicSecondaryOptions: { type: 'boolean' },
    SecondaryOptions: { type: 'array', maxItems: 50, items: { type: 'object' } },
    AdditionalShippingServices: { type: 'array', maxItems: 50, items: { type: 'object' } },
    DeliveryDate: text(40),
    DeliveryDateInfo: { type: 'object' },
    CategoryDisplayName: text(),
    LabelDisplayName: text(),
  },
} as const;
const shippingMethods = { type: 'array', maxItems: 50, items: shippingMethod } as const;

/** Create order as published (QliroOrderCreateRequestInterface): `MerchantApiKey` names the merchant. */
export const createOrderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['MerchantApiKey', 'MerchantReference', 'Currency', 'Country', 'Language', 'MerchantTermsUrl', 'MerchantConfirmationUrl', 'OrderItems'],
  properties: {
    MerchantApiKey: text(100),
    MerchantReference: { type: 'string', minLength: 1, maxLength: 200 },
    Currency: currency,
    Country: country,
    Language: language,
    MerchantTermsUrl: url,
    MerchantConfirmationUrl: url,
    MerchantIntegrityPolicyUrl: optionalUrl,
    MerchantCheckoutStatusPushUrl: optionalUrl,
    MerchantOrderManagementStatusPushUrl: optionalUrl,
    MerchantNotificationUrl: optionalUrl,
    MerchantOrderValidationUrl: optionalUrl,
    MerchantOrderAvailableShippingMethodsUrl: optionalUrl,
    MerchantSavedCreditCardPushUrl: optionalUrl,
    OrderItems: orderItems,
    CustomerInformation: customerInformation,
    AvailableShippingMethods: shippingMethods,
    EnforcedJuridicalType: juridicalType,
    MinimumCustomerAge: { type: 'integer', minimum: 0, maximum: 150 },
    AskForNewsletterSignup: { type: 'boolean' },
    AskForNewsletterSignupChecked: { type: 'boolean' },
    RequireIdentityVerification: { type: 'boolean' },
    BackgroundColor: text(20),
    PrimaryColor: text(20),
    CallToActionColor: text(20),
    CallToActionHoverColor: text(20),
    CornerRadius: { type: 'integer', minimum: 0, maximum: 100 },
    ButtonCornerRadius: { type: 'integer', minimum: 0, maximum: 100 },
  },
} as const;

/** Update order (QliroOrderUpdateRequestInterface): the items, and the shipping methods offered. */
export const updateOrderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['OrderItems'],
  properties: { MerchantApiKey: text(100), OrderItems: orderItems, AvailableShippingMethods: shippingMethods, RequireIdentityVerification: { type: 'boolean' } },
} as const;

/** Create merchant payment (AdminCreateMerchantPaymentRequestInterface, MerchantPaymentPaymentMethodInterface). */
export const merchantPaymentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['RequestId', 'MerchantApiKey', 'MerchantReference', 'Currency', 'Country', 'Language', 'MerchantOrderManagementStatusPushUrl', 'OrderItems', 'PaymentMethod'],
  properties: {
    RequestId: { type: 'string', minLength: 1, maxLength: 100 },
    MerchantApiKey: text(100),
    MerchantReference: { type: 'string', minLength: 1, maxLength: 200 },
    Currency: currency,
    Country: country,
    Language: language,
    MerchantOrderManagementStatusPushUrl: url,
    OrderItems: orderItems,
    Customer: { type: 'object', additionalProperties: false, properties: { Email: text(), MobileNumber: textOrNumber, PersonalNumber: text(40), VatNumber: text(40), JuridicalType: juridicalType } },
    BillingAddress: address,
    ShippingAddress: address,
    PaymentMethod: {
      type: 'object',
      additionalProperties: false,
      required: ['Name'],
      properties: { Name: { enum: ['CREDITCARDS', 'QLIRO_INVOICE'] }, SubType: { enum: ['INVOICE'] }, SelectedLetterInvoiceOption: { type: 'boolean' }, MerchantSavedCreditCardId: { type: 'string', minLength: 1, maxLength: 100 } },
    },
  },
} as const;

const shopperAddress = { firstName: text(), lastName: text(), streetAddress: text(), coAddress: text(), postalCode: text(20), city: text() } as const;
const customer = {
  type: 'object',
  additionalProperties: false,
  properties: { ...shopperAddress, isCompany: { type: 'boolean' }, companyName: text(), email: { type: 'string', maxLength: 200, pattern: '^[^@\\s]+@[^@\\s]+$' }, phoneNumber: text(40), personalNumber: text(40) },
} as const;

/** What the shopper enters in the checkout (the sandbox's own operator API). */
export const shopperSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    customer,
    shippingAddress: { type: 'object', additionalProperties: false, properties: shopperAddress },
    shippingMethod: { type: 'string', minLength: 1, maxLength: 200, description: 'The MerchantReference of one of the shipping methods the merchant offers' },
    paymentMethod: { enum: ['card', 'invoice'] },
  },
} as const;

export const purchaseSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    outcome: { enum: ['completed', 'pending', 'refused'] },
    pendingReason: { enum: ['AwaitingProvider', 'MissingDeliveryAddress', 'ManualApproval'] },
    pushes: { type: 'integer', minimum: 0, maximum: 5, description: 'How many checkout pushes follow (default 1; 0: the push is lost, send it with …/push)' },
  },
} as const;

export const resolveSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['decision'],
  properties: { decision: { enum: ['accepted', 'declined'] }, repeat: { type: 'integer', minimum: 0, maximum: 5, description: 'How many times the push is sent (default 1; 0: lost on the way)' } },
} as const;

export const savedCardSchema = { type: ['object', 'null'], additionalProperties: false, properties: { merchantId: text(100) } } as const;

export const merchantSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['merchantId', 'secret'],
  properties: {
    merchantId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    secret: { type: 'string', minLength: 8, maxLength: 200 },
    mode: { enum: ['test', 'production'] },
    shippingIntegration: { type: 'boolean' },
    validationTimeoutApproves: { type: 'boolean', description: 'A validation not answered in time counts as approved (default true): agreed per merchant' },
  },
} as const;
