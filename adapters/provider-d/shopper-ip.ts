/**
 * The shopper's IP address for a drop-in submit (the provider's `shopperIP`), as far as the caller
 * can vouch for it: never a value the shopper's browser chose.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { unauthorized, type ServiceDeps, type Tenant } from '../kit/platform.js';

/** The shopper's address, set by the merchant's server that relays the browser's call. */
export const SHOPPER_IP_HEADER = 'x-shopper-ip';
/** The relaying server's own storefront token (`Bearer …`), vouching for `x-shopper-ip` on a call made with the shopper's checkout token. */
export const STOREFRONT_AUTHORIZATION_HEADER = 'x-storefront-authorization';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

/** An IP address as the provider wants it (an IPv4 address mapped into IPv6 written as IPv4); undefined when it is none. */
export function ipAddressOf(value: string | undefined): string | undefined {
  const address = value?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return address && isIP(address) ? address : undefined;
}

/**
 * Who may say where the shopper is:
 *
 * - **A merchant's server** calling with its own token (`storefront`, `admin`, `service`): its
 *   `X-Shopper-IP`. Its own address is a server's, so without the header none is sent.
 * - **A shopper's checkout token relayed by the storefront's server**: the relay's `X-Shopper-IP`
 *   counts only with `X-Storefront-Authorization` carrying that server's storefront token for this
 *   tenant (a browser holds none, so it cannot pass the header off as the relay's); a token that does
 *   not verify there is 401.
 * - **A shopper's checkout token, the browser calling itself**: the address the call came from.
 *
 * An adapter's own token says nothing about a shopper.
 */
export function shopperIpResolver(verifier: ServiceDeps['verifier']) {
  return async (request: FastifyRequest, tenant: Tenant): Promise<string | undefined> => {
    const { role } = request.auth.principal;
    const stated = ipAddressOf(header(request, SHOPPER_IP_HEADER));
    if (role === 'storefront' || role === 'admin' || role === 'service') return stated;
    if (role !== 'shopper') return undefined;
    const proof = header(request, STOREFRONT_AUTHORIZATION_HEADER);
    if (proof === undefined) return ipAddressOf(request.socket.remoteAddress);
    const token = /^Bearer\s+(\S+)$/i.exec(proof)?.[1];
    const relay = token ? await verifier.verify(token).catch(() => undefined) : undefined;
    const vouches = relay?.role === 'storefront' && relay.merchant === tenant.merchant && (relay.channels.includes('*') || relay.channels.includes(tenant.channel));
    if (!vouches) throw unauthorized(`${STOREFRONT_AUTHORIZATION_HEADER} is not a storefront token of this channel.`);
    return stated;
  };
}

export type ShopperIpResolver = ReturnType<typeof shopperIpResolver>;
