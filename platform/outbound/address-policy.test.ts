import { describe, expect, it } from '@jest/globals';
import type { LookupAddress } from 'node:dns';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { canonicalHost, classifyHost, parseAllowList, refusalOf, type AddressPolicy } from './address-policy.js';
import { assertOutboundUrls, checkOutboundUrl, configureOutboundPolicy, guardedAgent, guardedFetch, REFUSED_CODE, type ResolveAll } from './outbound-guard.js';
import { AppError } from '../errors/app-error.js';
import { callAdapter } from './adapter-call.js';

const development: AddressPolicy = { production: false, allow: [] };
const production: AddressPolicy = { production: true, allow: [] };

describe('classifyHost', () => {
  const table: Array<[string, string]> = [
    ['169.254.169.254', 'link_local'],
    ['[::ffff:169.254.169.254]', 'link_local'],
    ['[::ffff:a9fe:a9fe]', 'link_local'],
    ['::ffff:a9fe:a9fe', 'link_local'],
    ['[0:0:0:0:0:ffff:169.254.169.254]', 'link_local'],
    ['[64:ff9b::169.254.169.254]', 'link_local'], // NAT64
    ['[::169.254.169.254]', 'link_local'], // IPv4-compatible
    ['0251.0376.0251.0376', 'link_local'], // octal
    ['0xa9.0xfe.0xa9.0xfe', 'link_local'], // hex
    ['2852039166', 'link_local'], // one number
    ['[fe80::1]', 'link_local'],
    ['[fe80::1%25eth0]', 'link_local'],
    ['[febf:ffff::1]', 'link_local'],
    ['[fd00:ec2::254]', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['[::]', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['[::1]', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['[fd12:3456::1]', 'private'],
    ['[::ffff:10.0.0.1]', 'private'],
    ['224.0.0.1', 'multicast'],
    ['[ff02::1]', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['172.32.0.1', 'public'],
    ['8.8.8.8', 'public'],
    ['[2001:4860:4860::8888]', 'public'],
    ['[::ffff:8.8.8.8]', 'public'],
  ];
  it.each(table)('%s is %s', (host, expected) => {
    const kind = classifyHost(host);
    expect(kind).toMatchObject({ kind: 'address', class: expected });
  });

  it.each(['metadata.google.internal', 'metadata.google.internal.', 'METADATA.Google.Internal', 'metadata', 'metadata.', 'metadata.goog', 'instance-data'])(
    '%s is a metadata name',
    (host) => expect(classifyHost(host).kind).toBe('metadata_name'),
  );

  it('leaves other names to DNS, without their trailing dot', () => {
    expect(classifyHost('Hooks.Example.com.')).toEqual({ kind: 'name', name: 'hooks.example.com' });
    expect(canonicalHost('[::FFFF:169.254.169.254]')).toBe('[::ffff:a9fe:a9fe]');
  });
});

describe('refusalOf', () => {
  it('never allows link-local, metadata, unspecified or multicast addresses, allow-list or not', () => {
    const everything: AddressPolicy = { production: true, allow: parseAllowList('0.0.0.0/0,::/0') };
    for (const address of ['169.254.169.254', '::ffff:a9fe:a9fe', 'fe80::1', 'fd00:ec2::254', '0.0.0.0', '::', '224.0.0.1']) {
      expect(refusalOf(address, development)).toMatch(/never called/);
      expect(refusalOf(address, everything)).toMatch(/never called/);
    }
  });

  it('allows loopback and private networks outside production; in production only through OUTBOUND_ALLOW', () => {
    for (const address of ['127.0.0.1', '::1', '10.0.0.7', '192.168.1.1', 'fd12::1']) {
      expect(refusalOf(address, development)).toBeUndefined();
      expect(refusalOf(address, production)).toMatch(/not in OUTBOUND_ALLOW/);
    }
    const allowed: AddressPolicy = { production: true, allow: parseAllowList('10.0.0.0/8, fd12::/16, 127.0.0.1, adapters.internal, *.svc.cluster.local') };
    expect(refusalOf('10.0.0.7', allowed)).toBeUndefined();
    expect(refusalOf('::ffff:10.0.0.7', allowed)).toBeUndefined();
    expect(refusalOf('fd12::1', allowed)).toBeUndefined();
    expect(refusalOf('127.0.0.1', allowed)).toBeUndefined();
    expect(refusalOf('127.0.0.2', allowed)).toMatch(/not in OUTBOUND_ALLOW/);
    expect(refusalOf('192.168.1.1', allowed)).toMatch(/not in OUTBOUND_ALLOW/);
    expect(refusalOf('192.168.1.1', allowed, 'adapters.internal')).toBeUndefined();
    expect(refusalOf('192.168.1.1', allowed, 'pay.svc.cluster.local')).toBeUndefined();
    expect(refusalOf('192.168.1.1', allowed, 'svc.cluster.local.evil.com')).toMatch(/not in OUTBOUND_ALLOW/);
    expect(refusalOf('8.8.8.8', production)).toBeUndefined();
  });

  it('parses OUTBOUND_ALLOW strictly', () => {
    expect(() => parseAllowList('10.0.0.0/33')).toThrow(/not an address range/);
    expect(() => parseAllowList('not a host!')).toThrow(/neither an address range/);
    expect(() => parseAllowList('300.1.1.1/8')).toThrow();
    expect(parseAllowList(' , ')).toEqual([]);
  });
});

/** DNS as a test says it is: no network. */
const dns = (answers: Record<string, string[]>): ResolveAll => async (hostname) => {
  const addresses = answers[hostname];
  if (!addresses) throw Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' });
  return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('checkOutboundUrl', () => {
  const resolve = dns({
    'public.example': ['93.184.216.34'],
    'rebound.example': ['169.254.169.254'],
    'mapped.example': ['::ffff:169.254.169.254'],
    'mixed.example': ['93.184.216.34', '169.254.169.254'],
    'internal.example': ['10.0.0.5'],
  });

  it('refuses a name any of whose addresses is refused', async () => {
    expect(await checkOutboundUrl('https://public.example/x', production, resolve)).toEqual({ allowed: true });
    for (const url of ['https://rebound.example/x', 'https://mapped.example/x', 'https://mixed.example/x', 'http://REBOUND.example./x']) {
      expect(await checkOutboundUrl(url, development, resolve)).toEqual({ allowed: false, reason: expect.stringContaining('resolves to') });
    }
    expect(await checkOutboundUrl('https://internal.example/x', production, resolve)).toEqual({ allowed: false, reason: expect.stringMatching(/10\.0\.0\.5.*OUTBOUND_ALLOW/) });
    expect(await checkOutboundUrl('https://internal.example/x', development, resolve)).toEqual({ allowed: true });
  });

  it('judges literals and metadata names without DNS', async () => {
    const noDns: ResolveAll = () => Promise.reject(new Error('must not resolve'));
    for (const url of ['http://[::ffff:169.254.169.254]/latest', 'http://0251.0376.0251.0376/', 'http://metadata.google.internal./computeMetadata/v1/', 'http://metadata/']) {
      expect(await checkOutboundUrl(url, development, noDns)).toMatchObject({ allowed: false });
    }
    expect(await checkOutboundUrl('http://127.0.0.1:4101/hook', development, noDns)).toEqual({ allowed: true });
  });

  it('leaves a name that does not resolve to the call', async () => {
    expect(await checkOutboundUrl('https://nowhere.example/x', production, resolve)).toEqual({ allowed: 'unresolved', error: 'ENOTFOUND' });
  });

  it('answers a registration with a 400 naming each refused URL', async () => {
    const refused = await assertOutboundUrls(
      [
        { pointer: '/hooks/0/invoke', url: 'http://[::ffff:a9fe:a9fe]/hook' },
        { pointer: '/hooks/1/invoke', url: 'https://public.example/hook' },
        { pointer: '/notifications/0/invoke', url: 'https://rebound.example/n' },
      ],
      resolve,
    ).then(() => undefined, (error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(400);
    expect((refused as AppError).toBody()).toEqual({
      code: 'outbound_address_refused',
      message: expect.stringContaining('http://[::ffff:a9fe:a9fe]/hook'),
      details: [
        { pointer: '/hooks/0/invoke', url: 'http://[::ffff:a9fe:a9fe]/hook', message: expect.stringContaining('link-local') },
        { pointer: '/notifications/0/invoke', url: 'https://rebound.example/n', message: expect.stringContaining('resolves to 169.254.169.254') },
      ],
    });
    await expect(assertOutboundUrls([{ pointer: '/hooks/0/invoke', url: 'https://public.example/hook' }], resolve)).resolves.toBeUndefined();
  });
});

describe('guardedAgent', () => {
  it('connects only to addresses the policy allows, whatever was checked before (DNS rebinding)', async () => {
    const server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const agent = guardedAgent();
    try {
      // localhost resolves to loopback: allowed in development, refused in production at connect time.
      const answered = await request(`http://localhost:${port}/`, { dispatcher: agent });
      expect(await answered.body.text()).toBe('ok');
      expect(await (await guardedFetch(`http://localhost:${port}/`)).text()).toBe('ok');
      configureOutboundPolicy(production);
      const refused = await request(`http://localhost:${port}/`, { dispatcher: guardedAgent() }).then(() => undefined, (error: unknown) => error as Error & { code?: string });
      expect(refused).toMatchObject({ code: REFUSED_CODE, message: expect.stringContaining('localhost resolves to 127.0.0.1') });
      // fetch for someone's URL: refused before any connection, literal or resolved.
      for (const url of [`http://localhost:${port}/`, 'http://[::ffff:a9fe:a9fe]/latest/meta-data/']) {
        const failed = await guardedFetch(url).then(() => undefined, (error: unknown) => error as TypeError & { cause?: { code?: string; message?: string } });
        expect(failed?.cause).toMatchObject({ code: REFUSED_CODE, message: expect.stringContaining('refused by the outbound address policy') });
      }
      // The platform's calls to receivers answer a refusal as a value with the reason, never a throw.
      expect(await callAdapter(`http://localhost:${port}/`, {}, {}, 1_000)).toMatchObject({
        kind: 'unreachable',
        error: expect.stringMatching(/^refused by the outbound address policy: localhost resolves to (127\.0\.0\.1|::1), a loopback address, not in OUTBOUND_ALLOW/),
      });
    } finally {
      configureOutboundPolicy(development);
      await agent.close();
      server.close();
    }
  });
});
