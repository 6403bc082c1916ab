import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What a page on an allowed origin may send: the platform's headers, JSON, and tracing. */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'x-merchant', 'x-channel', 'x-request-id', 'traceparent', 'tracestate', 'apollo-require-preflight'];
const ALLOWED_METHODS = ['GET', 'POST', 'OPTIONS'];
/** Browsers cache a preflight this long (seconds); Chromium caps it at 2 hours anyway. */
const PREFLIGHT_MAX_AGE = 600;

/**
 * Whether a page on `origin` may call the gateway. Entries are exact origins (lower case, no path),
 * `scheme://host:*` (any port, or none), or `*` (any origin: tokens travel in a header, never in
 * cookies, so a page cannot borrow a visitor's credentials).
 */
export function originMatcher(allowed: readonly string[]): (origin: string) => boolean {
  const exact = new Set(allowed.filter((entry) => !entry.endsWith(':*')));
  const anyPort = allowed.filter((entry) => entry.endsWith(':*')).map((entry) => entry.slice(0, -2));
  return (origin) => {
    const normalized = origin.toLowerCase();
    if (exact.has('*') || exact.has(normalized)) return true;
    return anyPort.some((prefix) => normalized === prefix || (normalized.startsWith(`${prefix}:`) && /^[0-9]{1,5}$/.test(normalized.slice(prefix.length + 1))));
  };
}

/** OPTIONS carries no credentials (browsers never send them with a preflight): the app lets it through unauthenticated. */
export const isPreflight = (request: FastifyRequest): boolean => request.method === 'OPTIONS';

/**
 * CORS for the gateway. Preflights are answered before authentication (isPreflight is a public
 * request for the app) and before any route; every other answer to an allowed origin carries
 * Access-Control-Allow-Origin, refusals (401, 403, 400) included, so the page can read them. An
 * origin not allowed gets no CORS header at all and its preflight a 403: the browser refuses.
 */
export function registerCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = originMatcher(allowedOrigins);

  // A hook, not a route: /graphql has Apollo's own OPTIONS route, and every path answers alike.
  app.addHook('onRequest', async (request, reply) => {
    if (!isPreflight(request)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return reply.status(204).header('allow', ALLOWED_METHODS.join(', ')).send();
    if (!allowed(origin)) {
      return reply.status(403).send({ code: 'cors_origin_not_allowed', message: `Pages on ${origin.slice(0, 200)} may not call this gateway (CORS_ORIGINS).` });
    }
    return reply
      .status(204)
      .header('access-control-allow-methods', ALLOWED_METHODS.join(', '))
      .header('access-control-allow-headers', ALLOWED_HEADERS.join(', '))
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE))
      .send();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const origin = request.headers.origin;
    if (origin === undefined) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Origin` : 'Origin');
    if (allowed(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', 'x-request-id');
    }
    return payload;
  });
}
