// The storefront server's relay of a provider frontend's REST calls to its adapter.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors/app-error.js';
import { ERROR_BODY_ID, errors, json } from '../../../platform/http/api-docs.schemas.js';
import { callJson } from '../../../platform/http-client/http-client.js';
import { PlatformCallError } from '../../../platform/http-client/platform-call-error.js';

/**
 * The adapters' storefront calls a provider frontend makes from the browser that are REST, not
 * GraphQL (docs/adapters/*.md): what a provider's manifest declares (`storefront.relayPaths`,
 * handed in as `allowed`). The page
 * posts them here, to its own origin (no CORS at the adapters), with the order's checkout token;
 * this server forwards them as they are, with the tenant's headers, to the adapter paths each
 * allows, and answers the adapter's answer — a refusal (4xx) with its status and body as the
 * adapter gave them (a validation may refuse with an array of failures). The shopper's own
 * credential is the checkout token; what this server adds is the shopper's IP address as it sees
 * the call (`X-Shopper-IP`: the connection's peer — never a header the browser sent), vouched for
 * by its own storefront token in `X-Storefront-Authorization` (a provider's 3-D Secure asks for the
 * shopper's IP; the adapter believes the address only with that proof) — to the adapters whose
 * manifest asks for it (`shopperIp`) only: the storefront's token goes to no adapter that does not
 * need it. Without a storefront token it sends neither.
 */
const ANSWER = json("The adapter's answer, as it answered", { type: 'object', additionalProperties: true });
const REFUSAL = json("The adapter's refusal, as it answered: an error body, or a validation's array of failures", {
  anyOf: [{ type: 'array', items: { type: 'object', additionalProperties: true } }, { $ref: `${ERROR_BODY_ID}#` }],
});

/** `timeoutMs`: how long a forwarded call waits for the adapter (STOREFRONT_RELAY_TIMEOUT_MS). */
export function registerAdapterRelay(
  app: FastifyInstance,
  options: { adapterUrl: (adapterId: string) => string | undefined; merchant: string; channel: string; timeoutMs: number; allowed?: Readonly<Record<string, RegExp>>; shopperIp?: readonly string[]; storefrontToken?: string | undefined },
) {
  const allowedPaths: Readonly<Record<string, RegExp>> = options.allowed ?? {};
  // The peer of the browser's connection (no proxy header is believed: this server trusts none), vouched for by the storefront token.
  const shopperOf = (request: FastifyRequest, adapterId: string): Record<string, string> => {
    if (!options.shopperIp?.includes(adapterId)) return {};
    const address = request.socket.remoteAddress?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    return options.storefrontToken && address ? { 'x-shopper-ip': address, 'x-storefront-authorization': `Bearer ${options.storefrontToken}` } : {};
  };
  app.post<{ Params: { adapterId: string; '*': string }; Body: unknown }>(
    '/api/adapters/:adapterId/*',
    {
      config: { public: true },
      schema: {
        summary: "A provider frontend's REST call to its adapter (the paths a provider's manifest allows), forwarded with the shopper's checkout token",
        response: { 200: ANSWER, 201: ANSWER, ...errors(401, 403, 404, 502), 400: REFUSAL, 409: REFUSAL },
      },
    },
    async (request, reply) => {
      const { adapterId } = request.params;
      const path = request.params['*'];
      const allowed = Object.hasOwn(allowedPaths, adapterId) ? allowedPaths[adapterId] : undefined;
      const base = options.adapterUrl(adapterId);
      if (!allowed || !allowed.test(path) || !base) throw new AppError(404, 'route_not_found', 'This adapter takes no such call from the storefront.');
      const authorization = request.headers.authorization;
      if (!authorization) throw new AppError(401, 'unauthorized', "The order's checkout token is missing.");
      reply.header('cache-control', 'no-store');
      try {
        const answer = await callJson<unknown>(`${base.replace(/\/+$/, '')}/api/checkout/v1/${path}`, {
          method: 'POST',
          headers: { authorization, 'x-merchant': options.merchant, 'x-channel': options.channel, ...shopperOf(request, adapterId) },
          body: request.body ?? {},
          timeoutMs: options.timeoutMs,
        });
        return reply.send(answer ?? {});
      } catch (error) {
        // The adapter's refusal goes to the page as it was answered; any other failure is the relay's own answer (502 when the adapter failed or was not reached).
        if (error instanceof PlatformCallError && (error.httpStatus === 400 || error.httpStatus === 409)) return reply.status(error.httpStatus).send(error.body ?? {});
        throw error;
      }
    },
  );
}
