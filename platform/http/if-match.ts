import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors/app-error.js';

/**
 * `If-Match: "<version>"` pins the order version the caller read (a stale one is answered 409 by
 * the engine); `If-Match: *` asks only that the order exists, so it pins nothing. Anything else
 * is 400 `invalid_if_match`.
 */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || String(header).trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(String(header));
  if (!match) throw badRequest('invalid_if_match', 'If-Match must hold the order version, e.g. "3" (or * for any version).');
  return Number(match[1]);
}
