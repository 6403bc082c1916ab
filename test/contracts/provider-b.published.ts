/**
 * Provider B's operations as Avarda Checkout 3 publishes them (docs.avarda.com, "Checkout 3.0":
 * Getting started — partner token and initialize payment; Order management — order, return,
 * cancel; Server-side callbacks — the completed notification), written from that reference for the
 * fields the adapter sends and the sandbox answers. Where the reference states no body this
 * contract checks (the purchase read, the items update), only the path and request are held.
 */
import { array, number, object, oneOf, string, type PublishedOperation } from './published-api.js';

const bearer = { type: 'object', required: ['authorization'], properties: { authorization: { type: 'string', pattern: '^Bearer ' } } };
/** An item: amount and VAT per unit incl. VAT, `notes` the merchant's reference, `taxCode` the VAT rate. */
const item = object({ description: string({ maxLength: 500 }), notes: string(), amount: number(), taxCode: string(), taxAmount: number(), quantity: number() }, ['description', 'amount']);
const items = array(item, { minItems: 1 });
const purchaseId = '/api/partner/payments/{purchaseId}';

export const providerBOperations: PublishedOperation[] = [
  {
    name: 'Obtain partner access token',
    direction: 'in',
    method: 'POST',
    path: '/api/partner/tokens',
    request: object({ clientId: string(), clientSecret: string() }, ['clientId', 'clientSecret']),
    responses: { 200: object({ token: string(), tokenExpirationUtc: string() }, ['token', 'tokenExpirationUtc']) },
    otherStatuses: [401],
  },
  {
    name: 'Initialize payment',
    direction: 'in',
    method: 'POST',
    path: '/api/partner/payments',
    headers: bearer,
    request: object(
      {
        checkoutSetup: object({ mode: oneOf('B2C', 'B2B'), language: oneOf('English', 'Swedish', 'Finnish', 'Norwegian', 'Estonian', 'Danish', 'Czech', 'Latvian', 'Lithuanian', 'Slovak', 'Polish'), completedNotificationUrl: string(), termsAndConditionsUrl: string() }),
        items,
        extraIdentifiers: object({ orderReference: string({ maxLength: 100 }) }),
      },
      ['items'],
    ),
    // The reference names the answer's fields, not its status: the sandbox answers 201.
    responses: { 200: object({ purchaseId: string(), jwt: string(), expiredUtc: string() }, ['purchaseId', 'jwt', 'expiredUtc']), 201: object({ purchaseId: string(), jwt: string(), expiredUtc: string() }, ['purchaseId', 'jwt', 'expiredUtc']) },
  },
  { name: 'Get payment', direction: 'in', method: 'GET', path: purchaseId, headers: bearer },
  { name: 'Update items', direction: 'in', method: 'PUT', path: `${purchaseId}/items`, headers: bearer, request: object({ items }, ['items']) },
  {
    name: 'Order (delivery)',
    direction: 'in',
    method: 'POST',
    path: `${purchaseId}/order`,
    headers: bearer,
    request: object({ items, orderReference: string({ maxLength: 20 }), tranId: string({ maxLength: 36 }), trackingCode: string(), posId: string({ maxLength: 32 }) }, ['items', 'orderReference']),
    responses: {},
    otherStatuses: [200],
  },
  { name: 'Return', direction: 'in', method: 'POST', path: `${purchaseId}/return`, headers: bearer, request: object({ items, orderReference: string({ maxLength: 20 }), tranId: string({ maxLength: 36 }) }, ['items']), responses: {}, otherStatuses: [200] },
  { name: 'Cancel', direction: 'in', method: 'POST', path: `${purchaseId}/cancel`, headers: bearer, request: object({ reason: string() }, ['reason']), responses: {}, otherStatuses: [200] },
  { name: 'Server-side callback (completed notification)', direction: 'out', method: 'POST', path: 'completedNotification', request: object({ purchaseId: string() }, ['purchaseId']) },
];
