import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { PLATFORM_SERVICES } from '../../platform/env/env.config.js';
import { rest } from '../harness/http.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';

// The admin app's sign-in at an identity provider (production mode: AUTH_JWKS_URL): OpenID
// Connect authorization code with PKCE against a stand-in provider that checks the verifier and
// issues an RS256 access token with the platform's claims, which the gateway then accepts.

const tenant = { merchant: 'm-admin-idp', channel: 'web' };
const CLIENT_ID = 'checkout-admin';
const AUDIENCE = 'checkout-api';

let idp: Server;
let issuer: string;
let signingKey: CryptoKey;
const authorizations: Array<Record<string, string>> = [];
const exchanges: Array<{ verified: boolean }> = [];
const codes = new Map<string, { challenge: string; redirectUri: string }>();

const base64url = (buffer: Buffer) => buffer.toString('base64url');
const body = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'idp-admin', alg: 'RS256', use: 'sig' };
  idp = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', issuer);
      const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify(value));
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(200, { issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks.json` });
      }
      if (url.pathname === '/jwks.json') return json(200, { keys: [jwk] });
      if (url.pathname === '/authorize') {
        const params = Object.fromEntries(url.searchParams);
        authorizations.push(params);
        const code = randomUUID();
        codes.set(code, { challenge: params.code_challenge ?? '', redirectUri: params.redirect_uri ?? '' });
        const back = new URL(params.redirect_uri!);
        back.search = new URLSearchParams({ code, state: params.state ?? '' }).toString();
        return response.writeHead(302, { location: back.toString() }).end();
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(await body(request));
        const issued = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verified =
          issued !== undefined &&
          form.get('grant_type') === 'authorization_code' &&
          form.get('client_id') === CLIENT_ID &&
          form.get('redirect_uri') === issued.redirectUri &&
          base64url(createHash('sha256').update(form.get('code_verifier') ?? '').digest()) === issued.challenge;
        exchanges.push({ verified });
        if (!verified) return json(400, { error: 'invalid_grant' });
        const token = await new SignJWT({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' })
          .setProtectedHeader({ alg: 'RS256', kid: 'idp-admin' })
          .setSubject('admin-1')
          .setIssuer(issuer)
          .setAudience(AUDIENCE)
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(signingKey);
        return json(200, { access_token: token, token_type: 'Bearer', expires_in: 600 });
      }
      json(404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const address = idp.address();
  issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => idp?.close(resolve));
});
// The system starts once the identity provider above is listening: it is configured with its address.
const suite = useBrowserTest({
  system: () => ({
    services: [...PLATFORM_SERVICES, 'admin'],
    env: { AUTH_JWKS_URL: `${issuer}/jwks.json`, AUTH_ISSUER: issuer, AUTH_AUDIENCE: AUDIENCE, ADMIN_OIDC_CLIENT_ID: CLIENT_ID },
  }),
});

describe('the admin app with an identity provider', () => {
  it('offers the provider, signs in by authorization code with PKCE, and calls the gateway with the provider’s token', async () => {
    const { system } = suite;
    expect((await rest(system.urls.admin!, 'GET', '/admin-config.json')).body).toEqual({
      graphqlUrl: `${system.urls.gateway}/graphql`,
      identityProvider: { issuer, clientId: CLIENT_ID, audience: AUDIENCE },
    });
    const { page, blocked, close } = await suite.newPage();
    await page.goto(system.urls.admin!);
    await page.click('button:has-text("Sign in with the identity provider")');
    await page.getByTestId('merchant').filter({ hasText: tenant.merchant }).waitFor();
    expect(new URL(page.url()).search).toBe(''); // the code left the address bar

    expect(authorizations).toEqual([
      expect.objectContaining({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: `${system.urls.admin}/`, scope: 'openid', audience: AUDIENCE, code_challenge_method: 'S256' }),
    ]);
    expect(exchanges).toEqual([{ verified: true }]);

    // The provider's token works through the gateway: the configurations list loads.
    await page.click('nav >> text=Configurations');
    await page.locator('a', { hasText: 'commerce_adapter' }).waitFor();
    expect(await page.locator('input[aria-label=Channel]').inputValue()).toBe(tenant.channel);
    await screenshot(page, 'admin-identity-provider');
    expect(blocked).toEqual([]);
    await close();
  }, 120_000);
});
