/**
 * Provider C's operations as Qliro One publishes its Checkout merchant API (developers.qliro.com,
 * "Qliro Checkout": Authorization, Load checkout — create and get order, Update order,
 * Notifications — checkout status push, Validate order), written from that reference for the
 * fields the adapter sends and the sandbox answers. Two operations and one field are the
 * sandbox's own, marked `not published` (docs/adapters/provider-c.md lists them as deviations).
 */
import { array, integer, number, object, oneOf, string, type JsonSchema, type PublishedOperation } from './published-api.js';

/** The Qliro scheme (the journal masks the token itself). */
const token = { type: 'object', required: ['authorization'], properties: { authorization: { type: 'string', pattern: '^Qliro ' } } };
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const text = nullable(string());
/** An order item: prices per item incl. and excl. VAT, major units. */
const orderItem = object(
  { MerchantReference: string(), Description: string(), Type: oneOf('Product', 'Discount', 'Fee', 'Shipping'), Quantity: number(), PricePerItemIncVat: number(), PricePerItemExVat: number(), VatRate: number() },
  ['MerchantReference', 'Description', 'Type', 'Quantity', 'PricePerItemIncVat', 'PricePerItemExVat'],
);
const orderItems = array(orderItem, { minItems: 1 });
const status = oneOf('InProcess', 'OnHold', 'Completed', 'Refused');
const address = object({ FirstName: text, LastName: text, CompanyName: text, CareOf: text, Street: text, Street2: text, PostalCode: text, City: text, Area: text });

export const providerCOperations: PublishedOperation[] = [
  {
    name: 'Create order',
    direction: 'in',
    method: 'POST',
    path: '/checkout/merchantapi/orders',
    headers: token,
    request: object(
      {
        MerchantApiKey: string(),
        MerchantReference: string(),
        Currency: string({ pattern: '^[A-Z]{3}$' }),
        Country: string({ pattern: '^[A-Z]{2}$' }),
        Language: oneOf('sv-se', 'en-us', 'fi-fi', 'da-dk', 'fr-fr', 'de-de', 'nb-no', 'nl-nl'),
        MerchantConfirmationUrl: string(),
        MerchantTermsUrl: string(),
        MerchantCheckoutStatusPushUrl: string(),
        MerchantOrderManagementStatusPushUrl: string(),
        MerchantOrderValidationUrl: string(),
        OrderItems: orderItems,
        // not published: the sandbox's switch for a purchase that leaves a recurring token (docs: deviations).
        Recurring: { type: 'boolean' },
      },
      ['MerchantApiKey', 'MerchantReference', 'Currency', 'Country', 'Language', 'MerchantConfirmationUrl', 'MerchantTermsUrl', 'OrderItems'],
    ),
    // The reference shows the answer `{OrderId}`, not its status: the sandbox answers 201.
    responses: { 200: object({ OrderId: integer() }, ['OrderId']), 201: object({ OrderId: integer() }, ['OrderId']) },
  },
  { name: 'Get order', direction: 'in', method: 'GET', path: '/checkout/merchantapi/orders/{OrderId}', headers: token },
  { name: 'Update order', direction: 'in', method: 'PUT', path: '/checkout/merchantapi/orders/{OrderId}', headers: token, request: object({ MerchantApiKey: string(), OrderItems: orderItems }, ['OrderItems']) },
  {
    // not published: an order from a saved recurring token (docs: deviations).
    name: 'Order from a recurring token (sandbox)',
    direction: 'in',
    method: 'POST',
    path: '/checkout/merchantapi/tokens/{token}/orders',
    headers: token,
    request: object(
      { MerchantApiKey: string(), MerchantReference: string(), Currency: string(), Country: string(), Language: string(), MerchantOrderManagementStatusPushUrl: string(), OrderItems: orderItems },
      ['MerchantApiKey', 'MerchantReference', 'Currency', 'Country', 'OrderItems'],
    ),
  },
  {
    name: 'Checkout status push',
    direction: 'out',
    method: 'POST',
    path: 'push',
    request: object({ OrderId: integer(), MerchantReference: string(), Status: status, Timestamp: string(), NotificationType: oneOf('CustomerCheckoutStatus'), PaymentTransactionId: integer() }, ['OrderId', 'MerchantReference', 'Status', 'Timestamp', 'NotificationType']),
    responses: { 200: object({ CallbackResponse: oneOf('received') }, ['CallbackResponse']) },
  },
  {
    name: 'Validate order',
    direction: 'out',
    method: 'POST',
    path: 'validation',
    request: object(
      {
        OrderId: integer(),
        MerchantReference: string(),
        TotalPrice: number(),
        Currency: string(),
        Country: string(),
        Language: string(),
        CustomerCheckoutStatus: status,
        Customer: object({ Email: text, MobileNumber: text, PersonalNumber: text, JuridicalType: text }),
        BillingAddress: nullable(address),
        ShippingAddress: nullable(address),
        OrderItems: array(orderItem),
        PaymentMethod: object({ PaymentMethodName: text, PaymentTypeCode: text }),
        SelectedShippingMethod: text,
        SelectedShippingSecondaryOption: text,
      },
      ['OrderId', 'MerchantReference', 'Currency', 'OrderItems'],
    ),
    // Approved: any 2xx (the adapter answers `{}`); declined: 400 with the reason and an optional message for the shopper (at most 150 characters).
    responses: { 200: object({}), 400: object({ DeclineReason: string(), DeclineReasonMessage: string({ maxLength: 150 }) }, ['DeclineReason']) },
  },
];
