import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors/app-error.js';

/**
 * The request's `Idempotency-Key` header: the client's name for one operation, so that asking
 * again (its answer lost) does it once. Undefined without the header; 400 `invalid_idempotency_key`
 * when it is sent more than once. What a key may hold is the operation's rule.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (Array.isArray(header)) throw badRequest('invalid_idempotency_key', 'Send one Idempotency-Key header, not several.');
  return header;
}
