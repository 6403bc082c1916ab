import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { platformSigningKey } from '../../platform/auth/signing-key.js';
import { CallSigner, type OutgoingCall } from '../../platform/outbound/call-signer.js';
import { isCallToken, PlatformCallVerifier } from './platform-call.verifier.js';

const keyOf = () => platformSigningKey({ signingKey: JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })), dataDir: '/nonexistent' });
const PUBLIC_URL = 'http://adapter.test:4102';
const call: OutgoingCall = {
  tenant: { merchant: 'm', channel: 'c' },
  receiver: 'nonpsp_adapter',
  orderId: 'o-1',
  purpose: 'amount_changed',
  method: 'POST',
  url: `${PUBLIC_URL}/v0/orders/o-1/amount-changed?x=1`,
  body: '{"amount":1}',
};

/** What the verifier reads of a request: its path, method, tenant headers and raw body. */
const requestFor = (overrides: Partial<{ url: string; method: string; headers: Record<string, string>; rawBody: string }> = {}) =>
  ({ url: '/v0/orders/o-1/amount-changed?x=1', method: 'POST', headers: { 'x-merchant': 'm', 'x-channel': 'c' }, rawBody: call.body, ...overrides }) as unknown as FastifyRequest;

async function setup(maxRemembered?: number) {
  const key = await keyOf();
  const signer = new CallSigner(async () => key);
  const verifier = new PlatformCallVerifier({ adapterId: 'nonpsp_adapter', publicUrl: PUBLIC_URL, keys: key.jwks, ...(maxRemembered ? { maxRemembered } : {}) });
  const tokenOf = async (changes: Partial<OutgoingCall> = {}) => (await signer.headersFor({ ...call, ...changes })).authorization!.slice('Bearer '.length);
  return { key, verifier, tokenOf };
}

describe('PlatformCallVerifier', () => {
  it('accepts a call signed for this adapter, URL, method and body, once', async () => {
    const { verifier, tokenOf } = await setup();
    const token = await tokenOf();
    expect(isCallToken(token)).toBe(true);
    const request = requestFor();
    const auth = await verifier.authenticate(token, request);
    expect(auth).toMatchObject({ tenant: { merchant: 'm', channel: 'c' }, principal: { role: 'service' }, call: { orderId: 'o-1', purpose: 'amount_changed' } });
    (request as unknown as { auth: typeof auth }).auth = auth;
    expect(() => verifier.checkBody(request)).not.toThrow();
    await expect(verifier.authenticate(token, requestFor())).rejects.toMatchObject({ status: 401, message: expect.stringContaining('replay') });
  });

  it('refuses another origin, path, query or method, another tenant header, another body, another key', async () => {
    const { verifier, tokenOf } = await setup();
    await expect(verifier.authenticate(await tokenOf({ url: 'http://elsewhere.test:4102/v0/orders/o-1/amount-changed?x=1' }), requestFor())).rejects.toMatchObject({ status: 401 });
    await expect(verifier.authenticate(await tokenOf(), requestFor({ url: '/v0/orders/o-2/amount-changed?x=1' }))).rejects.toMatchObject({ status: 401 });
    await expect(verifier.authenticate(await tokenOf(), requestFor({ url: '/v0/orders/o-1/amount-changed' }))).rejects.toMatchObject({ status: 401 });
    await expect(verifier.authenticate(await tokenOf(), requestFor({ method: 'PUT' }))).rejects.toMatchObject({ status: 401 });
    await expect(verifier.authenticate(await tokenOf(), requestFor({ headers: { 'x-merchant': 'other' } }))).rejects.toMatchObject({ status: 403 });

    const request = requestFor({ rawBody: '{"amount":1000}' });
    (request as unknown as { auth: unknown }).auth = await verifier.authenticate(await tokenOf(), request);
    expect(() => verifier.checkBody(request)).toThrow(/another body/);

    const stranger = await setup();
    await expect(verifier.authenticate(await stranger.tokenOf(), requestFor())).rejects.toMatchObject({ status: 401 });
  });

  it('refuses an expired call and a call for another audience', async () => {
    const { key, verifier, tokenOf } = await setup();
    const expired = (await new CallSigner(async () => key, -1).headersFor(call)).authorization!.slice('Bearer '.length);
    await expect(verifier.authenticate(expired, requestFor())).rejects.toMatchObject({ status: 401, message: expect.stringContaining('expired') });
    await expect(verifier.authenticate(await tokenOf({ receiver: 'giftcard_adapter' }), requestFor())).rejects.toMatchObject({ status: 401, message: expect.stringContaining('aud') });
  });

  it('remembers a bounded number of token ids', async () => {
    const { verifier, tokenOf } = await setup(2);
    const tokens = [await tokenOf(), await tokenOf(), await tokenOf()];
    for (const token of tokens) await verifier.authenticate(token, requestFor());
    // The newest two are still refused as replays; the oldest was forgotten to keep the bound.
    for (const token of tokens.slice(1)) await expect(verifier.authenticate(token, requestFor())).rejects.toMatchObject({ status: 401 });
  });
});
