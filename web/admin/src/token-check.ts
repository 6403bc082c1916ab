/** What is wrong with a sign-in, said at the field it is about: a pasted admin token read before it is sent (its shape, expiry, role, merchant and channels), and the gateway's refusal of it. */
import { formatTime } from './format.js';

export type SignInField = 'token' | 'merchant' | 'channel';
export type SignInProblems = Partial<Record<SignInField, string>>;

/** Where a new token comes from: the command the page shows under the form. */
const PRINT = 'Print a new one with the command below.';

/** A pasted token without the spaces and line breaks a terminal or an e-mail wraps it with. */
export const pastedToken = (text: string) => text.replace(/\s+/g, '');

/** The claims of a JWT's payload, or why it is none (the page only reads them; the gateway verifies the token). */
export function readToken(token: string): { claims: Record<string, unknown> } | { problem: string } {
  const parts = token.split('.');
  const notToken = `This is not a token: an admin token is three parts of letters and digits joined by dots (eyJ….eyJ….…). Paste it whole. ${PRINT}`;
  if (parts.length !== 3 || !parts.slice(0, 2).every((part) => /^[A-Za-z0-9_-]+$/.test(part)) || !/^[A-Za-z0-9_-]*$/.test(parts[2]!)) return { problem: notToken };
  try {
    const payload = parts[1]!;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const claims = JSON.parse(json) as unknown;
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return { problem: notToken };
    return { claims: claims as Record<string, unknown> };
  } catch {
    return { problem: `This token is cut short or damaged: its middle part is not readable. Paste it whole. ${PRINT}` };
  }
}

/**
 * What is wrong with a sign-in before anything is sent: the token (not one, expired, not for an
 * admin), the merchant (neither typed nor named by the token), the channel (neither typed nor one
 * the token names alone). Empty when it may be tried at the gateway.
 */
export function signInProblems(token: string, merchant: string, channel: string, now = Date.now()): SignInProblems {
  if (token === '') return { token: 'Paste the admin token (the command below prints one).' };
  const read = readToken(token);
  if ('problem' in read) return { token: read.problem };
  const { claims } = read;
  const problems: SignInProblems = {};
  const exp = Number(claims.exp);
  if (claims.exp !== undefined && Number.isFinite(exp) && exp * 1000 <= now) problems.token = `This token expired on ${formatTime(new Date(exp * 1000).toISOString())}. ${PRINT}`;
  else if (typeof claims.role === 'string' && !['admin', 'service'].includes(claims.role)) problems.token = `This token is for the role ${claims.role}; the admin needs a token with the role admin. ${PRINT}`;
  const channels = Array.isArray(claims.channels) ? claims.channels.filter((value): value is string => typeof value === 'string') : [];
  if (!merchant && typeof claims.merchant !== 'string') problems.merchant = 'The token names no merchant: type the merchant to sign in to.';
  if (!channel) {
    const named = channels.filter((value) => value !== '*');
    if (channels.includes('*')) problems.channel = 'The token allows every channel of the merchant: type the channel to open.';
    else if (named.length === 0) problems.channel = 'The token names no channel: type the channel to open.';
  } else if (channels.length > 0 && !channels.includes('*') && !channels.includes(channel)) {
    problems.channel = `The token does not allow the channel ${channel}; it allows ${channels.join(', ')}.`;
  }
  return problems;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The gateway's refusal of the sign-in check (an ApiError: its code), at the field it is about (the token, unless it names the tenant). */
export function signInRefusal(error: Error): SignInProblems {
  const code = (error as { code?: unknown }).code;
  const lower = typeof code === 'string' ? code.toLowerCase() : undefined;
  if (lower === 'unauthorized' || lower === 'unauthenticated') return { token: `The gateway did not accept this token: ${lowerFirst(error.message)} ${PRINT}` };
  if (lower === 'forbidden') return { token: `This token may not open the admin of this merchant and channel: ${lowerFirst(error.message)}` };
  return { token: error.message };
}
