/**
 * Provider C's operations as Qliro One publishes them, as closed schemas, field by field, each
 * field with the source it follows:
 * - [Q] Qliro's own Magento module, repository Qliro/Magento-2: `Api/Data/*Interface.php` (the
 *   shapes), `Model/Api/Client/Merchant.php` and `OrderManagement.php` (routes), `Model/Api/Service.php`
 *   (the token, `MerchantApiKey` added to every body);
 * - [K] krokedil/qliro-for-woocommerce (classes/requests/*, classes/class-qliro-one-callbacks.php);
 * - [D] developers.qliro.com, Qliro Checkout: "Checkout basics" (languages, item price rules, the
 *   error form), "Load checkout", "Notifications", "Validate order", "Customer authentication",
 *   "Integrated shipping", "Subscriptions / recurring".
 * The sandbox's answers and calls, and the adapter's requests, are held against them
 * (provider-c.contract.test.ts). docs/adapters/provider-c.md ("Published API") lists the deviations.
 */
import { array, boolean, integer, map, number, object, oneOf, string, type JsonSchema, type PublishedOperation } from './published-api.js';

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const text = nullable(string());
const textOrNumber: JsonSchema = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] };

/** `Authorization: Qliro base64(sha256(body + secret))` — [Q] Model/Api/Service.php getAuthenticationToken (the journal masks the token). */
const token = { type: 'object', required: ['authorization'], properties: { authorization: { type: 'string', pattern: '^Qliro ' } } };

/** The error answer — [D] Checkout basics ("ErrorCode, ErrorMessage … and an ErrorReference"); [Q] Model/Api/Client/Merchant.php handleExceptions reads ErrorCode and ErrorMessage. */
const error = object({ ErrorCode: string(), ErrorMessage: string(), ErrorReference: string() }, ['ErrorCode', 'ErrorMessage']);

/** `CustomerCheckoutStatus` — [Q] Api/Data/QliroOrderInterface.php, CheckoutStatusInterface.php. */
const checkoutStatus = oneOf('InProcess', 'OnHold', 'Completed', 'Refused');
/** A payment transaction's status — [Q] Api/Data/QliroOrderManagementStatusInterface.php. */
const transactionStatus = oneOf('Created', 'UserInteractionRequired', 'InProcess', 'OnHold', 'Success', 'Error', 'Cancelled');
/** `Language` — [D] Checkout basics (the language codes). */
const language = oneOf('sv-se', 'en-us', 'fi-fi', 'da-dk', 'fr-fr', 'de-de', 'nb-no', 'nl-nl');

/** An order item — [Q] Api/Data/QliroOrderItemInterface.php. */
const orderItem = object(
  {
    MerchantReference: string(), // [Q] QliroOrderItemInterface getMerchantReference
    Description: string(), // [Q] QliroOrderItemInterface getDescription
    Type: oneOf('Product', 'Discount', 'Fee', 'Shipping'), // [Q] QliroOrderItemInterface TYPE_*; [D] Checkout basics
    Quantity: number({ exclusiveMinimum: 0 }), // [Q] QliroOrderItemInterface getQuantity
    PricePerItemIncVat: number(), // [Q] QliroOrderItemInterface getPricePerItemIncVat (major units; [D] Checkout basics price rules)
    PricePerItemExVat: number(), // [Q] QliroOrderItemInterface getPricePerItemExVat
    VatRate: number({ minimum: 0, maximum: 100 }), // [Q] QliroOrderItemInterface getVatRate (percent: Model/Product/Type/Handler/DefaultHandler.php resolveVatRate)
    Metadata: map({}), // [Q] QliroOrderItemInterface getMetadata; [D] Validate order example (Subscription.Enabled)
  },
  ['MerchantReference', 'Description', 'Type', 'Quantity', 'PricePerItemIncVat', 'PricePerItemExVat'],
);

/** An address — [Q] Api/Data/QliroOrderCustomerAddressInterface.php (+ Street2 from [D] Customer authentication and Notifications). */
const address = object({
  FirstName: text, // [Q] QliroOrderCustomerAddressInterface getFirstName
  LastName: text, // [Q] getLastName
  CareOf: text, // [Q] getCareOf
  CompanyName: text, // [Q] getCompanyName
  Street: text, // [Q] getStreet
  Street2: text, // [D] Customer authentication (Address.Street2); [K] class-qliro-one-for-woocommerce.js reads Street2
  PostalCode: textOrNumber, // [Q] getPostalCode ([D] Customer authentication shows a number)
  City: text, // [Q] getCity
});

/** The customer — [Q] Api/Data/QliroOrderCustomerInterface.php. */
const customer = object({
  Email: text, // [Q] QliroOrderCustomerInterface getEmail
  MobileNumber: textOrNumber, // [Q] getMobileNumber
  PersonalNumber: text, // [Q] getPersonalNumber
  JuridicalType: nullable(oneOf('Physical', 'Company')), // [Q] getJuridicalType, JURIDICAL_TYPE_*
});

/** The payment method chosen — [Q] Api/Data/QliroOrderPaymentMethodInterface.php. */
const paymentMethod = object({
  PaymentMethodName: text, // [Q] QliroOrderPaymentMethodInterface getPaymentMethodName
  PaymentTypeCode: text, // [Q] getPaymentTypeCode
});

/** Identity verification — [Q] Api/Data/QliroOrderIdentityVerificationInterface.php. */
const identityVerification = object({
  RequireIdentityVerification: nullable(boolean()), // [Q] getRequireIdentityVerification
  IdentityVerified: nullable(boolean()), // [Q] getIdentityVerified
});

/** A shipping method offered in the checkout — [Q] Api/Data/QliroOrderShippingMethodInterface.php; [D] Integrated shipping. */
const shippingMethod = object(
  {
    MerchantReference: string(), // [Q] QliroOrderShippingMethodInterface getMerchantReference
    DisplayName: string(), // [Q] getDisplayName
    PriceIncVat: number({ minimum: 0 }), // [Q] getPriceIncVat
    PriceExVat: number({ minimum: 0 }), // [Q] getPriceExVat
  },
  ['MerchantReference', 'DisplayName', 'PriceIncVat', 'PriceExVat'],
);

/** The prefill — [Q] Api/Data/QliroOrderCreateRequestInterface.php getCustomerInformation (a QliroOrderCustomerInterface); [D] Customer authentication. */
const customerInformation = object({
  Email: string(), // [Q] QliroOrderCustomerInterface getEmail
  MobileNumber: { anyOf: [{ type: 'string' }, { type: 'number' }] }, // [Q] getMobileNumber
  PersonalNumber: string(), // [Q] getPersonalNumber
  JuridicalType: oneOf('Physical', 'Company'), // [Q] getJuridicalType
  Address: address, // [Q] getAddress
  ShippingAddress: address, // [D] Customer authentication (CustomerInformation.ShippingAddress)
  LockCustomerInformation: boolean(), // [Q] getLockCustomerInformation
  LockCustomerEmail: boolean(), // [Q] getLockCustomerEmail
  LockCustomerMobileNumber: boolean(), // [Q] getLockCustomerMobileNumber
  LockCustomerAddress: boolean(), // [Q] getLockCustomerAddress
});

/** A payment transaction — [Q] Api/Data/AdminOrderPaymentTransactionInterface.php. */
const paymentTransaction = object(
  {
    PaymentTransactionId: integer(), // [Q] AdminOrderPaymentTransactionInterface getPaymentTransactionId
    Type: string(), // [Q] getType; [K] class-qliro-one-callbacks.php (Preauthorization, Capture, Reversal, Refund)
    Amount: number(), // [Q] getAmount
    Currency: string(), // [Q] getCurrency
    Status: transactionStatus, // [Q] getStatus
    PaymentMethodName: string(), // [Q] getPaymentMethodName
  },
  ['PaymentTransactionId', 'Status'],
);

/** The order read — [Q] Api/Data/QliroOrderInterface.php; [D] Load checkout (the answer's example). */
export const orderRead = object(
  {
    OrderId: integer(), // [Q] QliroOrderInterface getOrderId
    MerchantReference: string(), // [Q] getMerchantReference
    TotalPrice: number(), // [Q] getTotalPrice
    Country: string({ pattern: '^[A-Z]{2}$' }), // [Q] getCountry
    Currency: string({ pattern: '^[A-Z]{3}$' }), // [Q] getCurrency
    Language: language, // [Q] getLanguage
    OrderHtmlSnippet: string(), // [Q] getOrderHtmlSnippet
    CustomerCheckoutStatus: checkoutStatus, // [Q] getCustomerCheckoutStatus
    SignupForNewsletter: boolean(), // [Q] getSignupForNewsletter
    IdentityVerification: identityVerification, // [Q] getIdentityVerification
    Customer: customer, // [Q] getCustomer
    BillingAddress: address, // [Q] getBillingAddress
    ShippingAddress: address, // [Q] getShippingAddress
    OrderItems: array(orderItem), // [Q] getOrderItems
    PaymentMethod: paymentMethod, // [Q] getPaymentMethod
    MerchantProvidedMetadata: array(map({})), // [D] Load checkout (the answer's example)
  },
  ['OrderId', 'MerchantReference', 'TotalPrice', 'Country', 'Currency', 'OrderHtmlSnippet', 'CustomerCheckoutStatus', 'OrderItems'],
);

/** The admin order read — [Q] Api/Data/AdminOrderInterface.php. */
const adminOrderRead = object(
  {
    OrderId: integer(), // [Q] AdminOrderInterface getOrderId
    MerchantReference: string(), // [Q] getMerchantReference
    TotalPrice: number(), // [Q] getTotalPrice
    Country: string(), // [Q] getCountry
    Currency: string(), // [Q] getCurrency
    Language: language, // [Q] getLanguage
    SignupForNewsletter: boolean(), // [Q] getSignupForNewsletter
    IdentityVerification: identityVerification, // [Q] getIdentityVerification
    Customer: customer, // [Q] getCustomer
    BillingAddress: address, // [Q] getBillingAddress
    ShippingAddress: address, // [Q] getShippingAddress
    OrderItemActions: array(map({})), // [Q] getOrderItemActions
    PaymentTransactions: array(paymentTransaction), // [Q] getPaymentTransactions
  },
  ['OrderId', 'MerchantReference', 'TotalPrice', 'PaymentTransactions'],
);

/** The validation request — [Q] Api/Data/ValidateOrderNotificationInterface.php; [D] Validate order (the request's example). */
export const validationRequest = object(
  {
    OrderId: integer(), // [Q] ValidateOrderNotificationInterface getOrderId
    MerchantReference: string(), // [Q] getMerchantReference
    Currency: string(), // [Q] getCurrency
    IdentityVerification: identityVerification, // [Q] getIdentityVerification
    Customer: customer, // [Q] getCustomer
    ShippingAddress: nullable(address), // [Q] getShippingAddress
    OrderItems: array(orderItem), // [Q] getOrderItems
    PaymentMethod: nullable(paymentMethod), // [Q] getPaymentMethod
    SelectedShippingMethod: text, // [Q] getSelectedShippingMethod
    SelectedShippingSecondaryOption: text, // [Q] getSelectedShippingSecondaryOption
  },
  ['OrderId', 'MerchantReference', 'Currency', 'OrderItems'],
);

/** The decline reasons — [Q] Api/Data/ValidateOrderResponseInterface.php REASON_*. */
export const DECLINE_REASONS = ['OutOfStock', 'PostalCodeIsNotSupported', 'ShippingIsNotSupportedForPostalCode', 'CashOnDeliveryIsNotSupportedForShippingMethod', 'IdentityNotVerified', 'Other'] as const;

/** The validation's decline — [Q] ValidateOrderResponseInterface getDeclineReason, Controller/Qliro/Callback/Validate.php (400 when declined); [D] Validate order (DeclineReasonMessage, at most 150 characters). */
export const validationDecline = object(
  {
    DeclineReason: oneOf(...DECLINE_REASONS), // [Q] ValidateOrderResponseInterface REASON_*
    DeclineReasonMessage: string({ maxLength: 150 }), // [D] Validate order
  },
  ['DeclineReason'],
);

/** The checkout status push — [Q] Api/Data/CheckoutStatusInterface.php; [D] Notifications (body parameters and example). */
export const checkoutPush = object(
  {
    OrderId: integer(), // [Q] CheckoutStatusInterface getOrderId; [D] Notifications
    MerchantReference: string(), // [Q] getMerchantReference
    Status: checkoutStatus, // [Q] getStatus
    Timestamp: string(), // [Q] getTimestamp
    NotificationType: oneOf('CustomerCheckoutStatus'), // [D] Notifications ("always CustomerCheckoutStatus"); [K] class-qliro-one-callbacks.php
    PaymentTransactionId: integer(), // [D] Notifications
  },
  ['OrderId', 'MerchantReference', 'Status', 'Timestamp'],
);

/** The order-management status push — [Q] Api/Data/QliroOrderManagementStatusInterface.php; [K] class-qliro-one-callbacks.php om_push_cb. */
export const managementPush = object(
  {
    OrderId: integer(), // [Q] QliroOrderManagementStatusInterface getOrderId
    MerchantReference: string(), // [Q] getMerchantReference
    PaymentTransactionId: integer(), // [Q] getPaymentTransactionId
    Amount: number(), // [Q] getAmount
    Currency: string(), // [Q] getCurrency
    Status: transactionStatus, // [Q] getStatus
    PaymentType: string(), // [Q] getPaymentType; [K] om_push_cb (Preauthorization, Capture, Reversal, Refund)
    ProviderTransactionId: string(), // [Q] getProviderTransactionId
    ProviderResultCode: string(), // [Q] getProviderResultCode
    ProviderResultDescription: string(), // [Q] getProviderResultDescription
    OriginalPaymentTransactionId: string(), // [Q] getOriginalPaymentTransactionId
    PaymentReference: integer(), // [Q] getPaymentReference
    Timestamp: string(), // [Q] getTimestamp
  },
  ['OrderId', 'MerchantReference', 'PaymentTransactionId', 'Status'],
);

/** The saved credit card notification — [Q] Api/Data/MerchantSavedCreditCardNotificationInterface.php. */
export const savedCardPush = object(
  {
    OrderId: { anyOf: [{ type: 'integer' }, { type: 'string' }] }, // [Q] MerchantSavedCreditCardNotificationInterface getOrderId
    Id: string(), // [Q] getId (the MerchantSavedCreditCardId)
    CardBrandName: string(), // [Q] getCardBrandName
    CardBin: string(), // [Q] getCardBin
    CardLast4Digits: string(), // [Q] getCardLast4Digits
    ExpiryYear: string(), // [Q] getExpiryYear
    ExpiryMonth: string(), // [Q] getExpiryMonth
    SavedCreditCardToken: string(), // [Q] getSavedCreditCardToken
    TimeStamp: string(), // [Q] getTimeStamp
  },
  ['OrderId', 'Id'],
);

/** The answer to a notification — [Q] CheckoutStatusResponseInterface, QliroOrderManagementStatusResponseInterface, MerchantSavedCreditCardResponseInterface (CallbackResponse "received"); [D] Notifications. */
const received = object({ CallbackResponse: oneOf('received') }, ['CallbackResponse']);

export const providerCOperations: PublishedOperation[] = [
  {
    name: 'Create order',
    direction: 'in',
    method: 'POST',
    path: '/checkout/merchantapi/orders', // [Q] Model/Api/Client/Merchant.php createOrder
    headers: token,
    request: object(
      {
        MerchantApiKey: string(), // [Q] QliroOrderCreateRequestInterface getMerchantApiKey; Model/Api/Service.php adds it
        MerchantReference: string(), // [Q] getMerchantReference
        Currency: string({ pattern: '^[A-Z]{3}$' }), // [Q] getCurrency
        Country: string({ pattern: '^[A-Z]{2}$' }), // [Q] getCountry
        Language: language, // [Q] getLanguage; [D] Checkout basics
        MerchantConfirmationUrl: string(), // [Q] getMerchantConfirmationUrl
        MerchantTermsUrl: string(), // [Q] getMerchantTermsUrl
        MerchantIntegrityPolicyUrl: string(), // [Q] getMerchantIntegrityPolicyUrl
        MerchantCheckoutStatusPushUrl: string(), // [Q] getMerchantCheckoutStatusPushUrl
        MerchantOrderManagementStatusPushUrl: string(), // [Q] getMerchantOrderManagementStatusPushUrl
        MerchantNotificationUrl: string(), // [Q] getMerchantNotificationUrl
        MerchantOrderValidationUrl: string(), // [Q] getMerchantOrderValidationUrl
        MerchantOrderAvailableShippingMethodsUrl: string(), // [Q] getMerchantOrderAvailableShippingMethodsUrl
        MerchantSavedCreditCardPushUrl: string(), // [Q] getMerchantSavedCreditCardPushUrl; [D] Subscriptions / recurring
        OrderItems: array(orderItem, { minItems: 1 }), // [Q] getOrderItems
        CustomerInformation: customerInformation, // [Q] getCustomerInformation; [D] Customer authentication
        AvailableShippingMethods: array(shippingMethod), // [Q] getAvailableShippingMethods; [D] Integrated shipping
        EnforcedJuridicalType: oneOf('Physical', 'Company'), // [Q] getEnforcedJuridicalType
        MinimumCustomerAge: integer(), // [Q] getMinimumCustomerAge
        AskForNewsletterSignup: boolean(), // [Q] getAskForNewsletterSignup
        AskForNewsletterSignupChecked: boolean(), // [Q] getAskForNewsletterSignupChecked
        RequireIdentityVerification: boolean(), // [Q] getRequireIdentityVerification
      },
      ['MerchantApiKey', 'MerchantReference', 'Currency', 'Country', 'Language', 'MerchantConfirmationUrl', 'MerchantTermsUrl', 'OrderItems'],
    ),
    // [D] Load checkout: the answer is `{OrderId}` (its status not stated: the sandbox answers 201).
    responses: { 200: object({ OrderId: integer() }, ['OrderId']), 201: object({ OrderId: integer() }, ['OrderId']), 400: error, 401: error },
  },
  { name: 'Get order', direction: 'in', method: 'GET', path: '/checkout/merchantapi/orders/{OrderId}', headers: token, responses: { 200: orderRead, 401: error, 404: error } }, // [Q] Merchant.php getOrder
  { name: 'Get order by merchant reference', direction: 'in', method: 'GET', path: '/checkout/merchantapi/orders', headers: token, responses: { 200: orderRead, 401: error, 404: error } }, // [D] Load checkout (?merchantReference=)
  {
    name: 'Update order',
    direction: 'in',
    method: 'PUT',
    path: '/checkout/merchantapi/orders/{OrderId}', // [Q] Merchant.php updateOrder
    headers: token,
    request: object(
      {
        MerchantApiKey: string(), // [Q] Model/Api/Service.php adds it
        OrderItems: array(orderItem, { minItems: 1 }), // [Q] QliroOrderUpdateRequestInterface getOrderItems
        AvailableShippingMethods: array(shippingMethod), // [Q] getAvailableShippingMethods
        RequireIdentityVerification: boolean(), // [Q] getRequireIdentityVerification
      },
      ['OrderItems'],
    ),
    // Its answer is not stated in the sources read ([Q] Merchant.php reads nothing of it).
    responses: {},
    otherStatuses: [200],
  },
  {
    name: 'Create merchant payment',
    direction: 'in',
    method: 'POST',
    path: '/checkout/adminapi/v2/merchantpayment', // [Q] Model/Api/Client/OrderManagement.php createMerchantPayment; [K] class-qliro-one-request-create-merchant-payment.php
    headers: token,
    request: object(
      {
        RequestId: string(), // [Q] AdminCreateMerchantPaymentRequestInterface getRequestId
        MerchantApiKey: string(), // [Q] getMerchantApiKey
        MerchantReference: string(), // [Q] getMerchantReference
        Currency: string(), // [Q] getCurrency
        Country: string(), // [Q] getCountry
        Language: language, // [Q] getLanguage
        MerchantOrderManagementStatusPushUrl: string(), // [Q] getMerchantOrderManagementStatusPushUrl
        OrderItems: array(orderItem, { minItems: 1 }), // [Q] getOrderItems
        Customer: object({ Email: string(), MobileNumber: string(), PersonalNumber: string(), VatNumber: string(), JuridicalType: oneOf('Physical', 'Company') }), // [Q] MerchantPaymentCustomerInterface
        BillingAddress: address, // [Q] getBillingAddress
        ShippingAddress: address, // [Q] getShippingAddress
        PaymentMethod: object(
          {
            Name: oneOf('CREDITCARDS', 'QLIRO_INVOICE'), // [Q] MerchantPaymentPaymentMethodInterface NAME_*
            SubType: oneOf('INVOICE'), // [Q] getSubType, SUBTYPE_INVOICE
            SelectedLetterInvoiceOption: boolean(), // [Q] getSelectedLetterInvoiceOption
            MerchantSavedCreditCardId: string(), // [Q] getMerchantSavedCreditCardId
          },
          ['Name'],
        ),
      },
      ['RequestId', 'MerchantApiKey', 'MerchantReference', 'Currency', 'Country', 'OrderItems', 'PaymentMethod'],
    ),
    // [Q] AdminCreateMerchantPaymentResponseInterface: OrderId, PaymentTransactions.
    responses: { 200: object({ OrderId: integer(), PaymentTransactions: array(paymentTransaction) }, ['OrderId', 'PaymentTransactions']), 400: error, 401: error },
  },
  { name: 'Get admin order', direction: 'in', method: 'GET', path: '/checkout/adminapi/v2/orders/{OrderId}', headers: token, responses: { 200: adminOrderRead, 401: error, 404: error } }, // [Q] OrderManagement.php getOrder
  {
    name: 'Validate order',
    direction: 'out',
    method: 'POST',
    path: 'validation',
    request: validationRequest,
    // [Q] Controller/Qliro/Callback/Validate.php: 200 approves, 400 with the decline; [D] Validate order: any 2xx approves.
    responses: { 200: object({}), 400: validationDecline },
  },
  { name: 'Checkout status push', direction: 'out', method: 'POST', path: 'push', request: checkoutPush, responses: { 200: received } },
  { name: 'Order management status push', direction: 'out', method: 'POST', path: 'omPush', request: managementPush, responses: { 200: received } },
  { name: 'Saved credit card notification', direction: 'out', method: 'POST', path: 'savedCard', request: savedCardPush, responses: { 200: received } },
];
