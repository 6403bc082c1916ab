import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ChallengeOutcome, MerchantAccount, RecurringProcessingModel } from './provider-d.model.js';
import type { DetailsRequest, ProviderDStore, SubscriptionRequest } from './provider-d.store.js';
import { accountBody, accountParams, challengeBody, challengeParams, pspParams, settleBody, subscriptionBody } from './provider-d.schemas.js';
import { answers } from './provider-d.openapi.js';
import { challengePage, dropinPage } from './dropin.page.js';
import { DROPIN_SCRIPT } from './dropin.script.js';

type IdParams = { Params: { id: string } };
type PspParams = { Params: { pspReference: string } };

/**
 * The sandbox's own paths (no auth, docs/sandboxes.md): the shopper's side (challenges, the
 * drop-in and its page), subscriptions, what the sandbox knows of a payment (webhooks included),
 * settling pending payments, and merchant accounts (keys and webhook address).
 */
export function registerProviderDShopperRoutes(app: FastifyInstance, store: ProviderDStore, demoAccount: () => MerchantAccount): void {
  app.get('/dropin.js', { schema: { hide: true } }, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('access-control-allow-origin', '*').send(DROPIN_SCRIPT));
  app.get<{ Querystring: { amount?: string; currency?: string; shopperReference?: string } }>('/dropin', { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(dropinPage(request.query)),
  );

  // The page's "merchant server": the demo account, so the page works without the platform.
  type DemoBody = { amount: { value: number; currency: string }; shopperReference?: string | null; paymentMethod?: Record<string, unknown>; browserInfo?: Record<string, unknown>; origin?: string };
  app.post<{ Body: DemoBody }>('/api/sandbox/dropin/paymentMethods', { schema: { hide: true } }, async (request) =>
    store.paymentMethods(demoAccount(), { amount: request.body.amount, ...(request.body.shopperReference ? { shopperReference: request.body.shopperReference } : {}) }),
  );
  app.post<{ Body: DemoBody }>('/api/sandbox/dropin/payments', { schema: { hide: true } }, async (request) =>
    store.pay(demoAccount(), {
      merchantAccount: demoAccount().merchantAccount,
      amount: request.body.amount,
      reference: `dropin-${Date.now()}`,
      paymentMethod: request.body.paymentMethod ?? {},
      // Back to this page, same amount (a redirect card's bank page sends the shopper here with ?redirectResult=…).
      returnUrl: `${store.baseUrl}/dropin?${new URLSearchParams({ amount: String(request.body.amount.value), currency: request.body.amount.currency, ...(request.body.shopperReference ? { shopperReference: request.body.shopperReference } : {}) })}`,
      ...(request.body.shopperReference ? { shopperReference: request.body.shopperReference } : {}),
      // As a merchant's server sends the drop-in's data for 3-D Secure 2, with the shopper's address as it sees it.
      ...(request.body.browserInfo ? { browserInfo: request.body.browserInfo } : {}),
      ...(typeof request.body.origin === 'string' ? { origin: request.body.origin } : {}),
      channel: 'Web',
      shopperIP: request.ip,
    }),
  );
  app.post<{ Body: DetailsRequest }>('/api/sandbox/dropin/details', { schema: { hide: true } }, async (request) => store.details(demoAccount().apiKey, request.body));

  // The bank's page, reached as a redirect action says: GET, or a form POST of the action's `data` (the drop-in does either).
  const bankPage = async (request: { params: { id: string } }, reply: FastifyReply) => {
    const challenge = store.challenge(request.params.id);
    return reply.type('text/html; charset=utf-8').send(challengePage(challenge.id, challenge.kind, challenge.payment.amount));
  };
  app.get<IdParams>('/api/sandbox/challenges/:id', { schema: { hide: true, params: challengeParams } }, bankPage);
  app.post<IdParams>('/api/sandbox/challenges/:id', { schema: { hide: true, params: challengeParams } }, bankPage);

  app.options('/api/sandbox/challenges/:id/complete', { schema: { hide: true } }, async (_request, reply) =>
    reply.status(204).header('access-control-allow-origin', '*').header('access-control-allow-methods', 'POST').header('access-control-allow-headers', 'content-type').send(),
  );
  app.post<IdParams & { Body: { outcome: ChallengeOutcome } }>(
    '/api/sandbox/challenges/:id/complete',
    { schema: { params: challengeParams, body: challengeBody, summary: 'Answer a challenge: the details payload the drop-in would send', response: answers.challenge } },
    async (request, reply) => {
      const answer = store.completeChallenge(request.params.id, request.body.outcome);
      void reply.header('access-control-allow-origin', '*');
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return answer;
      // The bank's page (a form): back to the merchant as a redirect does, else show the payload.
      const [key, value] = Object.entries(answer.details)[0]!;
      if (answer.returnUrl && key === 'redirectResult') {
        const back = new URL(answer.returnUrl);
        back.searchParams.set('redirectResult', value);
        return reply.redirect(back.toString(), 303);
      }
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><p>Answered <b>${request.body.outcome}</b>. The drop-in sends: <code>${JSON.stringify({ details: answer.details })}</code></p>`);
    },
  );

  app.post<{ Body: SubscriptionRequest & { recurringProcessingModel?: RecurringProcessingModel } }>(
    '/api/sandbox/subscriptions',
    { schema: { body: subscriptionBody, summary: 'A stored token (storedPaymentMethodId) for a shopper reference', response: answers.subscription } },
    async (request, reply) => {
      const method = store.subscribe(request.body, demoAccount().merchantAccount);
      return reply.status(201).send({
        storedPaymentMethodId: method.id,
        shopperReference: method.shopperReference,
        merchantAccount: method.merchantAccount,
        brand: method.brand,
        lastFour: method.lastFour,
        recurringProcessingModel: method.recurringProcessingModel,
        supportedRecurringProcessingModels: method.supportedRecurringProcessingModels,
      });
    },
  );

  app.get('/api/sandbox/payments', { schema: { summary: 'Every payment', response: answers.payments } }, async () => ({ payments: store.list() }));
  app.get<PspParams>('/api/sandbox/payments/:pspReference', { schema: { params: pspParams, summary: 'Everything about a payment, webhooks sent included', response: answers.paymentRecord } }, async (request) => store.find(request.params.pspReference));
  app.post<PspParams & { Body: { outcome: 'authorise' | 'refuse' } }>(
    '/api/sandbox/payments/:pspReference/settle',
    { schema: { params: pspParams, body: settleBody, summary: 'Decide a pending payment now (AUTHORISATION webhook)', response: answers.settled } },
    async (request) => store.settle(request.params.pspReference, request.body.outcome),
  );

  app.put<{ Params: { merchantAccount: string }; Body: { apiKey?: string; hmacKey?: string; webhookUrl?: string } }>(
    '/api/sandbox/merchant-accounts/:merchantAccount',
    { schema: { params: accountParams, body: accountBody, summary: 'Create or change a merchant account (API key, HMAC key, webhook address)', response: answers.account } },
    async (request) => {
      store.upsertAccount({ ...request.body, merchantAccount: request.params.merchantAccount });
      return store.accountView(request.params.merchantAccount);
    },
  );
  app.get<{ Params: { merchantAccount: string } }>('/api/sandbox/merchant-accounts/:merchantAccount', { schema: { params: accountParams, summary: 'A merchant account (the HMAC key included: it is a sandbox)', response: answers.account } }, async (request) =>
    store.accountView(request.params.merchantAccount),
  );
}
