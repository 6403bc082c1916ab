import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { AppError } from '../errors/app-error.js';
import { classifyHost, refusalOf, type AddressPolicy } from './address-policy.js';

/**
 * The address policy applied to the platform's outbound calls: a check before a call (a clear
 * reason for a veto, a failed delivery or a 400) and a DNS lookup for the connection itself that
 * answers only addresses the policy allows, so a name that changes its answer between the check
 * and the connect (DNS rebinding) still reaches nothing it should not. docs/outbound.md.
 */

/** Resolves a name to every address it has (dns.lookup with `all`); injectable for tests. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** Until startSystem configures the process (from NODE_ENV and OUTBOUND_ALLOW): the development policy, as NODE_ENV's default. */
let processPolicy: AddressPolicy = { production: false, allow: [] };

/** Sets the policy of every outbound call of this process (startSystem, from NODE_ENV and OUTBOUND_ALLOW). */
export function configureOutboundPolicy(policy: AddressPolicy): void {
  processPolicy = policy;
  verdictsWithoutDns.clear();
}

/**
 * Verdicts of the process's policy on URLs that need no DNS (a literal address, a metadata name,
 * not a URL): they depend on the URL's text and the policy alone, and every call to a registered
 * hook, validation or notification URL asks again. A name's verdict is never kept (its DNS answer
 * may change; the connection's own lookup checks it again anyway). Bounded: emptied when full.
 */
const verdictsWithoutDns = new Map<string, UrlVerdict>();
const VERDICTS_WITHOUT_DNS_MAX = 1_000;

export const outboundPolicy = (): AddressPolicy => processPolicy;

export type UrlVerdict = { allowed: true } | { allowed: false; reason: string } | { allowed: 'unresolved'; error: string };

/** Checks a URL's host: its literal address, or every address its name resolves to. */
export async function checkOutboundUrl(url: string, policy = processPolicy, resolveAll: ResolveAll = systemResolve): Promise<UrlVerdict> {
  const kept = policy === processPolicy ? verdictsWithoutDns.get(url) : undefined;
  if (kept) return kept;
  const verdict = verdictWithoutDns(url, policy);
  if (!('name' in verdict)) {
    if (policy === processPolicy) {
      if (verdictsWithoutDns.size >= VERDICTS_WITHOUT_DNS_MAX) verdictsWithoutDns.clear();
      verdictsWithoutDns.set(url, Object.freeze(verdict));
    }
    return verdict;
  }
  const { name } = verdict;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(name);
  } catch (error) {
    return { allowed: 'unresolved', error: (error as { code?: string }).code ?? (error as Error).message };
  }
  const refusal = addresses.map((entry) => refusalOf(entry.address, policy, name)).find((reason) => reason !== undefined);
  return refusal ? { allowed: false, reason: refusal } : { allowed: true };
}

/** The verdict on a URL that needs no DNS lookup, or the host name to resolve first. */
function verdictWithoutDns(url: string, policy: AddressPolicy): UrlVerdict | { name: string } {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return { allowed: false, reason: `${url} is not a URL` };
  }
  const host = classifyHost(hostname);
  if (host.kind === 'metadata_name') return { allowed: false, reason: `${host.name} is a cloud metadata name, never called` };
  if (host.kind === 'address') {
    const reason = refusalOf(host.address, policy);
    return reason ? { allowed: false, reason } : { allowed: true };
  }
  return { name: host.name };
}

/** Why a call-time URL may not be called ("refused by the outbound address policy: …"), or undefined. */
export async function outboundRefusal(url: string): Promise<string | undefined> {
  const verdict = await checkOutboundUrl(url);
  return verdict.allowed === false ? `refused by the outbound address policy: ${verdict.reason}` : undefined;
}

/** How long a registration waits for DNS before leaving the decision to the call. */
const REGISTRATION_LOOKUP_MS = 2_000;

/** checkOutboundUrl for a URL being registered: DNS bounded in time (unresolved then). */
export function checkRegisteredUrl(url: string, resolveAll: ResolveAll = systemResolve): Promise<UrlVerdict> {
  const bounded: ResolveAll = (hostname) =>
    Promise.race([resolveAll(hostname), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('lookup timed out')), REGISTRATION_LOOKUP_MS).unref())]);
  return checkOutboundUrl(url, processPolicy, bounded);
}

/**
 * For URLs someone registers (hooks, validations, notifications, callbacks): a 400 naming each
 * refused URL. A name that does not resolve (yet) is accepted: every call is checked again.
 */
export async function assertOutboundUrls(urls: Array<{ pointer: string; url: string }>, resolveAll: ResolveAll = systemResolve): Promise<void> {
  const verdicts = await Promise.all(urls.map(async (entry) => ({ ...entry, verdict: await checkRegisteredUrl(entry.url, resolveAll) })));
  const refused = verdicts.flatMap(({ pointer, url, verdict }) => (verdict.allowed === false ? [{ pointer, url, message: verdict.reason }] : []));
  if (refused.length === 0) return;
  throw new AppError(
    400,
    'outbound_address_refused',
    `The platform does not call ${refused.map((entry) => entry.url).join(', ')}: ${refused[0]!.message}.`,
    refused.map(({ pointer, url, message }) => ({ pointer, url, message })),
  );
}

/** The code of a connection refused by the lookup below (shown in a veto or failed delivery). */
export const REFUSED_CODE = 'EOUTBOUND_REFUSED';

/**
 * A net.connect `lookup` resolving every address of a name and failing when any one is refused;
 * the connection then goes to an address just checked.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  const name = hostname.replace(/\.+$/, '');
  systemResolve(name).then(
    (addresses) => {
      const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
      const usable = family ? addresses.filter((entry) => entry.family === family) : addresses;
      const refusal = addresses.map((entry) => refusalOf(entry.address, processPolicy, name)).find((reason) => reason !== undefined);
      if (refusal || usable.length === 0) {
        const error = Object.assign(new Error(refusal ?? `${name} has no IPv${family} address`), { code: refusal ? REFUSED_CODE : 'ENOTFOUND' });
        return callback(error, '', 0);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    },
    (error: NodeJS.ErrnoException) => callback(error, '', 0),
  );
};

/** An undici Agent whose connections go only to allowed addresses. */
export const guardedAgent = (options: Agent.Options = {}): Agent => new Agent({ ...options, connect: { ...options.connect, lookup: guardedLookup } });

const fetchAgent = guardedAgent();

/**
 * `fetch` for URLs someone gave the platform: a refused URL rejects (a TypeError with `cause.code`
 * EOUTBOUND_REFUSED and the reason, as fetch rejects for any connection failure) before any
 * connection, and the connection goes only to an address the policy allows.
 */
export const guardedFetch: typeof fetch = async (input, init) => {
  if (input instanceof Request) throw new TypeError('guardedFetch takes a URL, not a Request');
  const url = String(input);
  const refusal = await outboundRefusal(url);
  if (refusal) throw new TypeError('fetch failed', { cause: Object.assign(new Error(refusal), { code: REFUSED_CODE }) });
  return undiciFetch(url, { ...(init as object), dispatcher: fetchAgent }) as unknown as Promise<Response>;
};
