/**
 * Provider B's operations as Avarda Checkout 3 publishes them, as closed schemas written field by
 * field from sources we did not write; each field names its source:
 *
 * - docs: docs.avarda.com, Checkout 3 — "How to get started" (token, initialize payment), "Finalize
 *   Purchase" (payment status), "Handling purchase session" (the initialize answer, the JWT),
 *   "Error codes" (the error form, the field limits), order management and server-side callbacks;
 * - M2: Avarda's own Magento module, repository avarda-ab/Magento-2-Checkout-3-module (paths below);
 * - WC: Krokedil's WooCommerce integration, repository krokedil/avarda-checkout-for-woocommerce.
 *
 * Fields the sandbox answers beside a published shape only for the platform's own rule (every 4xx
 * carries `{code, message, details?}`) are marked so.
 */
import { array, boolean, integer, number, object, oneOf, string, type JsonSchema, type PublishedOperation } from './published-api.js';

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const text = nullable(string());

const bearer = { type: 'object', required: ['authorization'], properties: { authorization: { type: 'string', pattern: '^Bearer ' } } };
const purchaseId = '/api/partner/payments/{purchaseId}';

/** A checkbox of Avarda's form (M2 Helper/AvardaCheckBoxTypeValues.php). */
const checkbox = oneOf('Hidden', 'Unchecked', 'Checked');
/** Every value of `step.current` (M2 Helper/PurchaseState.php). */
const step = oneOf(
  'Initialized',
  'EmailZipEntry',
  'SsnEntry',
  'PhoneNumberEntry',
  'PhoneNumberEntryForKnownCustomer',
  'PersonalInfo',
  'PersonalInfoWithoutSsn',
  'WaitingForSwish',
  'RedirectedToDirectPaymentBank',
  'RedirectedToNets',
  'WaitingForBankId',
  'RedirectedToTupas',
  'Completed',
  'TimedOut',
  'HandledByMerchant',
  'AwaitingCreditApproval',
  'Unknown',
);

/** An item (docs "Error codes" example; WC classes/requests/helpers/class-aco-helper-cart.php get_cart_item). */
const item = object(
  {
    // M2 Gateway/Request/Item/ProductDataBuilder.php cuts it at 35 characters.
    description: string({ maxLength: 35 }),
    // M2 Gateway/Request/Item/ProductDataBuilder.php (the SKU), cut at 35.
    notes: string({ maxLength: 35 }),
    // Per unit incl. VAT, at most two decimals (docs "Error codes": "Maximum number of decimal places allowed is 2"; WC get_product_price).
    amount: number(),
    // M2 Gateway/Request/Item/TaxDataBuilder.php (the VAT percentage).
    taxCode: string(),
    // M2 Gateway/Request/Item/TaxDataBuilder.php; WC get_cart_item (per unit).
    taxAmount: number(),
    // WC get_cart_item.
    quantity: number(),
  },
  ['description', 'amount'],
);
const items = array(item, { minItems: 1 });

/** A person's address as initialize payment takes it: M2 Gateway/Request/B2cDataBuilder.php (getBillingAddress), WC class-aco-helper-customer.php (get_invoicing_address). */
const personAddressIn = object({ firstName: text, lastName: text, address1: text, address2: text, zip: text, city: text, country: text });
/** The delivery address adds its phone: M2 B2cDataBuilder.php (getShippingAddress). */
const deliveryAddressIn = object({ firstName: text, lastName: text, address1: text, address2: text, zip: text, city: text, country: text, phone: text });
/** A company's invoicing address: WC class-aco-helper-customer.php (get_b2b_customer: `name`). */
const companyAddressIn = object({ name: text, address1: text, address2: text, zip: text, city: text, country: text });
/** The user inputs: M2 B2cDataBuilder.php, WC get_user_inputs. */
const userInputsIn = object({ email: text, phone: text });

/** The error form (docs "Error codes": errorCode, errorMessage, Errors[{Property, ErrorCode, ErrorMessage}]; M2 Gateway/Client/Converter/JsonConverter.php reads errorMessage and Errors). */
const avardaError = object(
  {
    errorCode: integer(),
    errorMessage: string(),
    Errors: array(object({ Property: string(), ErrorCode: integer(), ErrorMessage: string() }, ['Property', 'ErrorCode', 'ErrorMessage'])),
    // Not published: the platform's error body beside Avarda's (every 4xx answers it).
    code: string(),
    message: string(),
    details: {},
  },
  ['errorCode', 'errorMessage', 'code', 'message'],
);

/** An address as the payment status answers it: M2 Gateway/Response/GetPaymentStatusHandler.php reads each of these. */
const personAddressOut = object({ firstName: text, lastName: text, address1: text, address2: text, zip: text, city: text, country: text }, ['firstName', 'lastName', 'address1', 'address2', 'zip', 'city', 'country']);
/** A company's (B2B): `name` instead of the person's names (M2 GetPaymentStatusHandler.php, UpdateOrderStatusHandler.php). */
const companyAddressOut = object({ name: text, address1: text, address2: text, zip: text, city: text, country: text }, ['name', 'address1', 'address2', 'zip', 'city', 'country']);
/** The delivery address with its own phone and e-mail (M2 GetPaymentStatusHandler.php reads deliveryAddress.phone and .email). */
const deliveryAddressOut = object({ firstName: text, lastName: text, address1: text, address2: text, zip: text, city: text, country: text, phone: text, email: text }, ['firstName', 'lastName', 'address1', 'address2', 'zip', 'city', 'country']);
/** `step` (docs "Finalize Purchase": customerToken, current, rememberMe, smsNewsletterSubscription, emailNewsletterSubscription). */
const stepOut = object({ customerToken: text, current: step, rememberMe: checkbox, smsNewsletterSubscription: checkbox, emailNewsletterSubscription: checkbox }, ['current']);
/** `userInputs` (M2 GetPaymentStatusHandler.php: email, phone). */
const userInputsOut = object({ email: text, phone: text }, ['email', 'phone']);
/** `b2C` (M2 GetPaymentStatusHandler.php: step, userInputs, invoicingAddress, deliveryAddress). */
const b2C = object({ step: stepOut, userInputs: userInputsOut, invoicingAddress: personAddressOut, deliveryAddress: deliveryAddressOut }, ['step', 'userInputs', 'invoicingAddress', 'deliveryAddress']);
/** `b2B` (M2 UpdateOrderStatusHandler.php: customerInfo's names; WC includes/aco-functions.php aco_populate_wc_order). */
const b2B = object(
  { step: stepOut, userInputs: userInputsOut, invoicingAddress: companyAddressOut, deliveryAddress: deliveryAddressOut, customerInfo: object({ firstName: text, lastName: text }) },
  ['step', 'userInputs', 'invoicingAddress', 'deliveryAddress'],
);
/** The shipping broker's module (Ingrid's), as WC classes/class-aco-shipping.php and class-aco-order-management.php read it. */
const shippingModule = object(
  {
    id: string(),
    status: string(),
    tos_id: string(),
    external_id: string(),
    shipping_price: number(),
    selected_shipping_option: object({ shipping_method: string(), carrier: string(), product: string(), location: {} }),
    result: object({ category: object({ name: string() }), shipping: object({ product: string(), carrier: string(), location: {} }) }),
  },
  ['selected_shipping_option', 'shipping_price'],
);

/** Payment status (docs "Finalize Purchase"; the per-mode object as M2 GetPaymentStatusHandler.php reads it). */
const paymentStatus = object(
  {
    purchaseId: string(),
    // docs "Finalize Purchase".
    extraIdentifiers: object({ description: text, orderReference: text, loyaltyNumber: text, productGroup: text, attachment: text, referenceName: text }),
    // docs; WC classes/class-aco-gateway.php compares it with the cart total.
    totalPrice: number(),
    createdUtc: string(),
    expiredUtc: string(),
    // docs; WC class-aco-gateway.php reads currencyCode.
    checkoutSite: object({ siteCode: string(), countryCode: string(), currencyCode: string() }),
    // docs; M2 GetPaymentStatusHandler.php picks b2B or b2C by it.
    mode: oneOf('B2C', 'B2B'),
    b2C,
    b2B,
    // M2 GetPaymentStatusHandler.php (type, Helper/PaymentMethod.php's values); WC aco_set_payment_method_title (paymentFee), class-aco-subscription.php (recurringPaymentToken).
    paymentMethods: object({ selectedPayment: nullable(object({ type: string(), paymentFee: number(), recurringPaymentToken: text }, ['type'])) }),
    // WC classes/class-aco-modules-helper.php reads `Modules`.
    Modules: array(shippingModule),
  },
  ['purchaseId', 'totalPrice', 'mode'],
);

export const providerBOperations: PublishedOperation[] = [
  {
    name: 'Obtain partner access token',
    direction: 'in',
    method: 'POST',
    path: '/api/partner/tokens',
    // docs "How to get started"; M2 Gateway/Client/AvardaClient.php (getToken).
    request: object({ clientId: string(), clientSecret: string() }, ['clientId', 'clientSecret']),
    responses: {
      // docs; M2 AvardaClient.php reads token and tokenExpirationUtc.
      200: object({ token: string(), tokenExpirationUtc: string() }, ['token', 'tokenExpirationUtc']),
      // M2 AvardaClient.php reads error_description; code and message: not published (the platform's error body).
      401: object({ error: string(), error_description: string(), code: string(), message: string() }, ['error_description']),
    },
  },
  {
    name: 'Initialize payment',
    direction: 'in',
    method: 'POST',
    path: '/api/partner/payments',
    headers: bearer,
    request: object(
      {
        checkoutSetup: object({
          // WC class-aco-helper-checkout-setup.php (names); M2 Gateway/Request/CheckoutSetupDataBuilder.php (their numbers).
          language: { anyOf: [oneOf('English', 'Swedish', 'Finnish', 'Norwegian', 'Estonian', 'Danish', 'Czech', 'Latvian', 'Lithuanian', 'Slovak', 'Polish', 'German', 'Austrian', 'Russian', 'Spanish', 'Italian'), integer({ minimum: 0, maximum: 15 })] },
          // M2 CheckoutSetupDataBuilder.php; WC class-aco-helper-checkout-setup.php.
          mode: oneOf('B2C', 'B2B'),
          // M2 CheckoutSetupDataBuilder.php; WC class-aco-helper-checkout-setup.php; docs server-side callbacks.
          completedNotificationUrl: string(),
          // WC class-aco-helper-checkout-setup.php.
          termsAndConditionsUrl: string(),
          // M2 CheckoutSetupDataBuilder.php; WC class-aco-helper-checkout-setup.php.
          differentDeliveryAddress: checkbox,
          // M2 CheckoutSetupDataBuilder.php.
          emailNewsletterSubscription: checkbox,
          // M2 CheckoutSetupDataBuilder.php.
          enableB2BLink: boolean(),
          // M2 CheckoutSetupDataBuilder.php; WC set_international_properties.
          enableCountrySelector: boolean(),
          // WC class-aco-helper-checkout-setup.php.
          displayItems: boolean(),
        }),
        items,
        extraIdentifiers: object({
          // M2 Gateway/Request/ExtraIdentifiersDataBuilder.php; WC class-aco-request-initialize-payment.php. At most 20 characters (docs order management).
          orderReference: string({ maxLength: 20 }),
          // M2 ExtraIdentifiersDataBuilder.php.
          posId: integer(),
          // WC class-aco-request-initialize-payment.php.
          attachment: string(),
          // docs "Finalize Purchase".
          description: string(),
          loyaltyNumber: string(),
          productGroup: string(),
          referenceName: string(),
        }),
        // The shop's prefill of the shopper: M2 Gateway/Request/B2cDataBuilder.php; WC class-aco-helper-customer.php.
        b2C: object({ customerToken: text, invoicingAddress: personAddressIn, deliveryAddress: deliveryAddressIn, userInputs: userInputsIn }),
        // WC class-aco-request-initialize-payment.php (b2B for a company).
        b2B: object({ customerToken: text, invoicingAddress: companyAddressIn, deliveryAddress: deliveryAddressIn, userInputs: userInputsIn }),
      },
      ['items'],
    ),
    // docs "Handling purchase session": {purchaseId, jwt, expiredUtc}; the status is not stated (the sandbox answers 201).
    responses: { 200: object({ purchaseId: string(), jwt: string(), expiredUtc: string() }, ['purchaseId', 'jwt', 'expiredUtc']), 201: object({ purchaseId: string(), jwt: string(), expiredUtc: string() }, ['purchaseId', 'jwt', 'expiredUtc']), 400: avardaError, 401: avardaError },
  },
  // M2 etc/di.xml (AvardaCheckout3GetPaymentStatusCommand: GET api/partner/payments/{purchaseid}).
  { name: 'Payment status', direction: 'in', method: 'GET', path: purchaseId, headers: bearer, responses: { 200: paymentStatus, 401: avardaError, 404: avardaError } },
  // M2 etc/di.xml (AvardaCheckout3UpdateItemsCommand: PUT …/items, no handler: the answer is not read).
  { name: 'Update items', direction: 'in', method: 'PUT', path: `${purchaseId}/items`, headers: bearer, request: object({ items }, ['items']), responses: { 400: avardaError, 401: avardaError }, otherStatuses: [200] },
  {
    name: 'Order (delivery)',
    direction: 'in',
    method: 'POST',
    // M2 etc/di.xml (AvardaCheckout3PurchaseOrderCommand: items, orderReference, tranId, posId).
    path: `${purchaseId}/order`,
    headers: bearer,
    // M2 Gateway/Request/OrderReferenceDataBuilder.php, TranIdDataBuilder.php (a GUID: 36 characters), PosIdDataBuilder.php; trackingCode: docs order management.
    request: object({ items, orderReference: string({ maxLength: 20 }), tranId: string({ maxLength: 36 }), trackingCode: string(), posId: { type: ['integer', 'string'] } }, ['items', 'orderReference']),
    responses: { 400: avardaError, 401: avardaError },
    otherStatuses: [200],
  },
  {
    name: 'Return',
    direction: 'in',
    method: 'POST',
    // M2 etc/di.xml (AvardaCheckout3ReturnCommand: items, orderReference, tranId, reason, posId; Gateway/Request/ReturnItemsDataBuilder.php).
    path: `${purchaseId}/return`,
    headers: bearer,
    request: object({ items, orderReference: string({ maxLength: 20 }), tranId: string({ maxLength: 36 }), reason: string(), posId: { type: ['integer', 'string'] } }, ['items']),
    responses: { 400: avardaError, 401: avardaError },
    otherStatuses: [200],
  },
  // M2 etc/di.xml (AvardaCheckout3CancelCommand) and Gateway/Request/OrderCancelReasonBuilder.php: {reason}.
  { name: 'Cancel', direction: 'in', method: 'POST', path: `${purchaseId}/cancel`, headers: bearer, request: object({ reason: string() }, ['reason']), responses: { 400: avardaError, 401: avardaError }, otherStatuses: [200] },
  // docs server-side callbacks; WC classes/class-aco-callbacks.php reads purchaseId (and nothing else).
  { name: 'Server-side callback (completed notification)', direction: 'out', method: 'POST', path: 'completedNotification', request: object({ purchaseId: string() }, ['purchaseId']) },
];
