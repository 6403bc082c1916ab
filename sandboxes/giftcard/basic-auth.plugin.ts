import { timingSafeEqual } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';

export interface BasicCredentials {
  username: string;
  password: string;
}

const equal = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** onRequest hook: `Authorization: Basic base64(username:password)` matching `credentials`, or 401. */
export function requireBasicAuth(credentials: BasicCredentials, realm: string): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const match = /^Basic\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const ok = colon > 0 && equal(decoded.slice(0, colon), credentials.username) && equal(decoded.slice(colon + 1), credentials.password);
    if (!ok) {
      void reply.header('www-authenticate', `Basic realm="${realm}", charset="UTF-8"`);
      throw new AppError(401, 'unauthorized', match ? 'The username or password is not valid.' : 'HTTP Basic authentication is required.');
    }
  };
}
