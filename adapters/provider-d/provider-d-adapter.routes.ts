import type { FastifyInstance } from 'fastify';
import type { AdapterKit } from '../kit/index.js';
import { errors, json } from '../kit/platform.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import type { ProviderDClients } from './provider-d-api.client.js';
import { ProviderDPayments } from './provider-d-payment.flow.js';
import { completeSubscription, type SubscriptionRequest } from './provider-d-subscription.flow.js';
import type { ProviderDConfiguration } from './provider-d.types.js';
import { RETURN_PATH } from './provider-d.mapper.js';
import { SHOPPER_IP_HEADER, STOREFRONT_AUTHORIZATION_HEADER, type ShopperIpResolver } from './shopper-ip.js';

const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
const orderParams = { type: 'object', required: ['orderId'], properties: { orderId: id } } as const;
const paymentParams = { type: 'object', required: ['orderId', 'paymentId'], properties: { orderId: id, paymentId: id } } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const paymentResponse = {
  type: 'object',
  required: ['resultCode'],
  additionalProperties: true,
  properties: { resultCode: { type: 'string' }, pspReference: { type: 'string' }, action: anyObject, refusalReason: { type: 'string' } },
} as const;
const subscriptionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'shopperReference'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 256 }, shopperReference: { type: 'string', minLength: 3, maxLength: 256 }, recurringProcessingModel: { type: 'string' } },
} as const;
const subscriptionAnswer = {
  type: 'object',
  required: ['resultCode', 'additionalData', 'amount', 'merchantReference', 'paymentMethod', 'pspReference'],
  additionalProperties: true,
  properties: {
    resultCode: { type: 'string' },
    additionalData: { type: 'object', required: ['recurringProcessingModel'], additionalProperties: { type: 'string' } },
    amount: { type: 'object', required: ['currency', 'value'], properties: { currency: { type: 'string' }, value: { type: 'integer' } } },
    merchantReference: { type: 'string' },
    paymentMethod: { type: 'object', properties: { brand: { type: 'string' }, type: { type: 'string' } } },
    pspReference: { type: 'string' },
  },
} as const;
const upstream = errors(400, 404, 409, 502);
/** Set by the merchant's server relaying the browser's call (shopper-ip.ts); a browser's own are not believed. */
const shopperHeaders = {
  type: 'object',
  properties: {
    [SHOPPER_IP_HEADER]: { type: 'string', maxLength: 64, description: "The shopper's IP address, as the merchant's server relaying the call saw it" },
    [STOREFRONT_AUTHORIZATION_HEADER]: { type: 'string', maxLength: 8192, description: "The relaying storefront server's own token (Bearer), vouching for x-shopper-ip on a call made with a checkout token" },
  },
} as const;

type PaymentRoute = { Params: { orderId: string; paymentId: string }; Body: unknown };

/** The drop-in's submit and details, and the subscription endpoint (spec "Provider D adapter"); the rest is the kit runtime's. */
export function registerProviderDRoutes(app: FastifyInstance, kit: AdapterKit<ProviderDConfiguration>, callbacks: (orderId: string) => PaymentDocument['callbacks'], clientOf: ProviderDClients, shopperIpOf: ShopperIpResolver): void {
  const payments = new ProviderDPayments(kit, clientOf);

  app.post<PaymentRoute>(
    '/api/checkout/v1/orders/:orderId/payments/:paymentId/transaction',
    {
      schema: {
        params: paymentParams,
        body: anyObject,
        headers: shopperHeaders,
        summary: "The drop-in's submit data: its allow-listed fields, with the order's amount, shopper and 3-D Secure 2 details, sent to the provider's /payments",
        response: { 200: json("The provider's payment answer (an action for the frontend, or a result)", paymentResponse), ...errors(401), ...upstream },
      },
    },
    async (request) => {
      const tenant = kit.fromCaller(request);
      const shopperIP = await shopperIpOf(request, tenant);
      return payments.transaction(tenant, request.params.orderId, request.params.paymentId, request.body, shopperIP ? { shopperIP } : {});
    },
  );

  app.post<PaymentRoute>(
    '/api/checkout/v1/orders/:orderId/payments/:paymentId/details',
    { schema: { params: paymentParams, body: anyObject, summary: "The drop-in's additional details (after an action): the published detail keys, sent to the provider's /payments/details", response: { 200: json("The provider's payment details answer", paymentResponse), ...upstream } } },
    async (request) => payments.details(kit.fromCaller(request), request.params.orderId, request.params.paymentId, request.body),
  );

  // Where the provider sends a shopper back when the channel configures neither returnUrl nor checkoutUrl: a resting page
  // (the outcome reaches the order by the provider's AUTHORISATION webhook).
  app.get(RETURN_PATH, { config: { public: true }, schema: { summary: "The shopper back from the provider when the channel names no return address (the webhook decides the payment)", response: { 200: json('Taken', { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } }) } } }, async () => ({
    code: 'payment_returned',
    message: 'Your payment is being processed; the shop receives its outcome from the payment provider.',
  }));

  app.post<{ Params: { orderId: string }; Body: SubscriptionRequest }>(
    '/api/checkout/v1/orders/:orderId/payments/recurring/subscription/complete',
    // The merchant's server charges a subscription: never a shopper's browser (a checkout token).
    { config: { roles: ['storefront', 'admin', 'service'] }, schema: { params: orderParams, body: subscriptionBody, summary: "A subscription's charge from a stored token (no shopper; storefront, admin, service)", response: { 200: json("The provider's payment answer", subscriptionAnswer), ...upstream } } },
    async (request) => completeSubscription(kit, kit.fromCaller(request), request.params.orderId, request.body, callbacks, clientOf),
  );
}
