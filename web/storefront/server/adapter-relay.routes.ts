import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../platform/errors/app-error.js';
import { errors, json } from '../../../platform/http/api-docs.schemas.js';
import { callJson } from '../../../platform/http-client/http-client.js';

/**
 * The adapters' storefront calls a provider frontend makes from the browser that are REST, not
 * GraphQL (docs/adapters/provider-c.md, provider-d.md): provider C's iframe events and provider
 * D's drop-in submit and details. The page posts them here, to its own origin (no CORS at the
 * adapters), with the order's checkout token; this server forwards them as they are, with the
 * tenant's headers, to the one adapter path each allows. It adds no credential of its own.
 */
export const BROWSER_ADAPTER_CALLS: Readonly<Record<string, RegExp>> = {
  provider_c_checkout_adapter: /^callback\/orders\/[\w-]{1,100}\/payments\/[\w-]{1,100}\/(customer-update|shipping-option-update)$/,
  provider_d_dropin_adapter: /^orders\/[\w-]{1,100}\/payments\/[\w-]{1,100}\/(transaction|details)$/,
};

const ANSWER = json("The adapter's answer, as it answered", { type: 'object', additionalProperties: true });

/** `timeoutMs`: how long a forwarded call waits for the adapter (STOREFRONT_RELAY_TIMEOUT_MS). */
export function registerAdapterRelay(app: FastifyInstance, options: { adapterUrl: (adapterId: string) => string | undefined; merchant: string; channel: string; timeoutMs: number }) {
  app.post<{ Params: { adapterId: string; '*': string }; Body: unknown }>(
    '/api/adapters/:adapterId/*',
    {
      config: { public: true },
      schema: {
        summary: "A provider frontend's REST call to its adapter (provider C's iframe events, provider D's drop-in submit and details), forwarded with the shopper's checkout token",
        response: { 200: ANSWER, 201: ANSWER, ...errors(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const { adapterId } = request.params;
      const path = request.params['*'];
      const allowed = BROWSER_ADAPTER_CALLS[adapterId];
      const base = options.adapterUrl(adapterId);
      if (!allowed || !allowed.test(path) || !base) throw new AppError(404, 'route_not_found', 'This adapter takes no such call from the storefront.');
      const authorization = request.headers.authorization;
      if (!authorization) throw new AppError(401, 'unauthorized', "The order's checkout token is missing.");
      const answer = await callJson<unknown>(`${base.replace(/\/+$/, '')}/api/checkout/v1/${path}`, {
        method: 'POST',
        headers: { authorization, 'x-merchant': options.merchant, 'x-channel': options.channel },
        body: request.body ?? {},
        timeoutMs: options.timeoutMs,
      });
      return reply.header('cache-control', 'no-store').send(answer ?? {});
    },
  );
}
