import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEFAULT_TIMEOUTS, EnvError, outboundTimeoutSettings } from '../platform/env/env.config.js';
import { loadConfig } from '../app/app.config.js';
import { SERVICE_NAMES, SERVICE_SPECS } from '../app/service.catalogue.js';

const signingKeyJwk = JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }));

describe('environment', () => {
  it('has defaults for every setting', () => {
    const config = loadConfig({});
    expect(config.ports).toEqual({
      gateway: 4000, order: 4001, payment: 4002, configuration: 4003, adapter: 4004, notifications: 4005,
      commerce_adapter: 4101, nonpsp_adapter: 4102, giftcard_adapter: 4103, provider_a_checkout_adapter: 4104, provider_b_checkout_adapter: 4105, provider_c_checkout_adapter: 4106, commerce_sandbox: 4201, giftcard_sandbox: 4202, provider_a_sandbox: 4203, provider_b_sandbox: 4204, provider_c_sandbox: 4205, admin: 4301,
      storefront: 4300,
      provider_d_dropin_adapter: 4107, provider_d_sandbox: 4206,
    });
    expect(config.urls.order).toBe('http://127.0.0.1:4001');
    expect(config.services).toEqual([...SERVICE_NAMES]);
    expect(loadConfig({ SERVICES: 'platform' }).services).toEqual(['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications']);
    expect(config.adapterUrls.nonpsp_adapter).toBe('http://127.0.0.1:4102');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.auth).toEqual({ secret: undefined, issuer: 'checkout-platform', audience: 'checkout-platform', checkoutTokenLifetimeS: 1800 });
  });

  it('reads a subset of services and overridden addresses', () => {
    const config = loadConfig({ SERVICES: 'gateway,order', ORDER_URL: 'http://orders.internal:8080', GATEWAY_PORT: '8000' });
    expect(config.services).toEqual(['gateway', 'order']);
    expect(config.urls.order).toBe('http://orders.internal:8080');
    expect(config.ports.gateway).toBe(8000);
  });

  it('adds JWKS verification when AUTH_JWKS_URL is set; the platform keeps its own issuer', () => {
    expect(loadConfig({ AUTH_JWKS_URL: 'https://issuer.example/jwks.json', AUTH_ISSUER: 'https://issuer.example/' }).auth).toEqual({
      secret: undefined,
      issuer: 'checkout-platform',
      audience: 'checkout-platform',
      checkoutTokenLifetimeS: 1800,
      jwks: { url: 'https://issuer.example/jwks.json', issuer: 'https://issuer.example/', audience: 'checkout-platform' },
    });
    expect(() => loadConfig({ AUTH_JWKS_URL: 'https://issuer.example/jwks.json' })).toThrow(/AUTH_ISSUER is required with AUTH_JWKS_URL/);
  });

  it('reads the checkout token lifetime within 60 s to a day', () => {
    expect(loadConfig({ CHECKOUT_TOKEN_TTL_S: '600' }).auth.checkoutTokenLifetimeS).toBe(600);
    expect(() => loadConfig({ CHECKOUT_TOKEN_TTL_S: '30' })).toThrow(/CHECKOUT_TOKEN_TTL_S must be 60 to 86400/);
    expect(() => loadConfig({ CHECKOUT_TOKEN_TTL_S: '90000' })).toThrow(/CHECKOUT_TOKEN_TTL_S must be 60 to 86400/);
    expect(() => loadConfig({ CHECKOUT_TOKEN_TTL_S: '1h' })).toThrow(/CHECKOUT_TOKEN_TTL_S/);
  });

  it("reads the storefront server's token (STOREFRONT_TOKEN) as a JWT; unset it is left to the runner", () => {
    expect(loadConfig({}).storefront).toEqual({ merchant: 'demo', channel: 'demo' });
    expect(loadConfig({ STOREFRONT_CHANNEL: 'web', STOREFRONT_TOKEN: 'aGVhZA.Ym9keQ.c2ln' }).storefront).toEqual({ merchant: 'demo', channel: 'web', token: 'aGVhZA.Ym9keQ.c2ln' });
    expect(() => loadConfig({ STOREFRONT_TOKEN: 'not a token' })).toThrow(/STOREFRONT_TOKEN/);
  });

  it('reads every call time-out (*_TIMEOUT_MS) with its default, and names a bad one', () => {
    expect(loadConfig({}).timeouts).toEqual({
      adapterManifestMs: 2_000,
      readinessProbeMs: 2_000,
      configurationSchemaMs: 3_000,
      storefrontRelayMs: 30_000,
      platformCallMs: 10_000,
    });
    // A provider's own time-outs are settings of its manifest, read the same way.
    expect(loadConfig({}).settings).toMatchObject({ commerce_adapter: { platformTimeoutMs: 8_000, identityTimeoutMs: 5_000 }, giftcard_adapter: { systemTimeoutMs: 3_000 }, provider_a_checkout_adapter: { apiTimeoutMs: 10_000 }, provider_b_checkout_adapter: { apiTimeoutMs: 5_000 }, provider_b_sandbox: { callbackTimeoutMs: 5_000 }, provider_c_checkout_adapter: { apiTimeoutMs: 5_000 }, provider_c_sandbox: { callbackTimeoutMs: 5_000 }, provider_d_dropin_adapter: { apiTimeoutMs: 10_000 }, provider_d_sandbox: { webhookTimeoutMs: 5_000 } });
    expect(loadConfig({ PROVIDER_D_SANDBOX_WEBHOOK_TIMEOUT_MS: '1' }).settings.provider_d_sandbox).toMatchObject({ webhookTimeoutMs: 1 });
    expect(DEFAULT_TIMEOUTS).toEqual(loadConfig({}).timeouts);
    const set = loadConfig({ GIFT_CARD_SYSTEM_TIMEOUT_MS: '1500', ADAPTER_MANIFEST_TIMEOUT_MS: '750', READINESS_PROBE_TIMEOUT_MS: '999999' });
    expect(set.settings.giftcard_adapter).toEqual({ systemTimeoutMs: 1_500 });
    expect(set.timeouts).toMatchObject({ adapterManifestMs: 750, readinessProbeMs: 999_999, storefrontRelayMs: 30_000 });
    expect(loadConfig({ PROVIDER_A_API_TIMEOUT_MS: '1', PROVIDER_B_SANDBOX_CALLBACK_TIMEOUT_MS: '2' }).settings).toMatchObject({ provider_a_checkout_adapter: { apiTimeoutMs: 1 }, provider_b_sandbox: { callbackTimeoutMs: 2 } });
    for (const bad of ['0', '-5', '2.5', '3s', '1000000', ' 100']) {
      expect(() => loadConfig({ GIFT_CARD_SYSTEM_TIMEOUT_MS: bad })).toThrow(/GIFT_CARD_SYSTEM_TIMEOUT_MS: must be a whole number of milliseconds from 1 to 999999/);
    }
    // Several at once: each named, with the other problems.
    expect(() => loadConfig({ ADAPTER_MANIFEST_TIMEOUT_MS: 'soon', PROVIDER_D_SANDBOX_WEBHOOK_TIMEOUT_MS: '0', ORDER_PORT: 'abc' })).toThrow(
      /ADAPTER_MANIFEST_TIMEOUT_MS: must be a whole number of milliseconds[\s\S]*PROVIDER_D_SANDBOX_WEBHOOK_TIMEOUT_MS: must be a whole number of milliseconds/,
    );
  });

  it('one table holds every call time-out the environment has, with its default (what SLOW_MACHINE raises in tests)', () => {
    const table = outboundTimeoutSettings(SERVICE_SPECS);
    // Every *_TIMEOUT_MS README documents is in it, and nothing else.
    const documented = new Set(readFileSync(new URL('../README.md', import.meta.url), 'utf8').match(/\b[A-Z][A-Z0-9_]*_TIMEOUT_MS\b/g));
    expect(Object.keys(table).sort()).toEqual([...documented].sort());
    // Each default is the one the platform reads when the variable is unset, and each variable is read.
    const config = loadConfig({});
    expect(table).toMatchObject({ HOOK_TIMEOUT_MS: config.engine.hookTimeoutMs, VALIDATION_TIMEOUT_MS: config.engine.validationTimeoutMs, NOTIFICATION_TIMEOUT_MS: config.notifications.timeoutMs, PLATFORM_CALL_TIMEOUT_MS: config.timeouts.platformCallMs, GIFT_CARD_SYSTEM_TIMEOUT_MS: config.settings.giftcard_adapter!.systemTimeoutMs });
    const raised = loadConfig(Object.fromEntries(Object.keys(table).map((name) => [name, '123456'])));
    const declared = SERVICE_SPECS.flatMap((spec) => (spec.settings ?? []).filter((setting) => setting.kind === 'timeout').map((setting) => raised.settings[spec.name]![setting.key]));
    const read = [raised.engine.hookTimeoutMs, raised.engine.validationTimeoutMs, raised.notifications.timeoutMs, ...Object.values(raised.timeouts), ...declared];
    expect(read).toEqual(Array(Object.keys(table).length).fill(123_456));
  });

  it("PROVIDER_D_SANDBOX_PENDING_SETTLE_MS: unset leaves the sandbox's own delay; 0 means only when told; anything else but milliseconds is refused", () => {
    expect(loadConfig({}).settings.provider_d_sandbox?.pendingSettleMs).toBeUndefined();
    expect(loadConfig({ PROVIDER_D_SANDBOX_PENDING_SETTLE_MS: '0' }).settings.provider_d_sandbox?.pendingSettleMs).toBe(0);
    expect(loadConfig({ PROVIDER_D_SANDBOX_PENDING_SETTLE_MS: '2500' }).settings.provider_d_sandbox?.pendingSettleMs).toBe(2_500);
    for (const bad of ['-1', '2.5', '10s', '10000000', ' 5']) {
      expect(() => loadConfig({ PROVIDER_D_SANDBOX_PENDING_SETTLE_MS: bad })).toThrow(/PROVIDER_D_SANDBOX_PENDING_SETTLE_MS: must be a whole number of milliseconds from 0 to 9999999/);
    }
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', ORDER_PORT: 'abc', AUTH_JWT_SECRET: 'short' })).toThrow(EnvError);
    try {
      loadConfig({ DATABASE_URL: 'mysql://x', ORDER_PORT: 'abc', AUTH_JWT_SECRET: 'short' });
    } catch (error) {
      expect((error as Error).message).toMatch(/DATABASE_URL/);
      expect((error as Error).message).toMatch(/ORDER_PORT/);
      expect((error as Error).message).toMatch(/AUTH_JWT_SECRET/);
    }
  });

  it('requires a real key source and a stable encryption key in production, reported with the other problems', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', GATEWAY_PORT: 'abc' })).toThrow(/GATEWAY_PORT[\s\S]*AUTH_JWKS_URL or AUTH_JWT_SECRET[\s\S]*AUTH_SIGNING_KEY[\s\S]*CONFIG_ENCRYPTION_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(32), SERVICES: 'gateway' })).toThrow(/AUTH_SIGNING_KEY is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(32), SERVICES: 'gateway', AUTH_SIGNING_KEY: signingKeyJwk })).not.toThrow();
    // An adapter process signs nothing and verifies by public keys: its client credentials are all it needs, no secret.
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(32), SERVICES: 'nonpsp_adapter' })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'production', SERVICES: 'nonpsp_adapter,giftcard_adapter' })).not.toThrow();
  });

  it('reads AUTH_SIGNING_KEY as a JWK or PKCS8 PEM of P-256 or Ed25519, and adapter credentials in pairs', () => {
    const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(loadConfig({ AUTH_SIGNING_KEY: ed25519 }).auth.signingKey).toBe(ed25519);
    expect(loadConfig({ AUTH_SIGNING_KEY: signingKeyJwk }).auth.signingKey).toBe(signingKeyJwk);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadConfig({ AUTH_SIGNING_KEY: rsa })).toThrow(/AUTH_SIGNING_KEY: must be an EC P-256 \(ES256\) or Ed25519 \(EdDSA\) private key/);
    expect(() => loadConfig({ AUTH_SIGNING_KEY: 'not a key' })).toThrow(/AUTH_SIGNING_KEY: must be a private key/);
    expect(() => loadConfig({ NONPSP_ADAPTER_CLIENT_ID: 'nonpsp_adapter.abcdefghijklmnop' })).toThrow(/NONPSP_ADAPTER_CLIENT_ID and NONPSP_ADAPTER_CLIENT_SECRET go together/);
    const credentials = { clientId: 'nonpsp_adapter.abcdefghijklmnop', clientSecret: 'S'.repeat(43) };
    expect(loadConfig({ NONPSP_ADAPTER_CLIENT_ID: credentials.clientId, NONPSP_ADAPTER_CLIENT_SECRET: credentials.clientSecret }).adapterCredentials).toEqual({ nonpsp_adapter: credentials });
  });

  it('exports traces only when told where (or to memory), and guards /metrics only with a token', () => {
    expect(loadConfig({}).telemetry).toEqual({ tracesExporter: 'none', otlpEndpoint: undefined, serviceName: 'checkout-platform', metricsToken: undefined });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).telemetry).toMatchObject({ tracesExporter: 'otlp', otlpEndpoint: 'http://collector:4318' });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }).telemetry.tracesExporter).toBe('none');
    expect(loadConfig({ OTEL_TRACES_EXPORTER: 'memory', OTEL_SERVICE_NAME: 'shop-eu', METRICS_TOKEN: 't'.repeat(16) }).telemetry).toEqual({
      tracesExporter: 'memory', otlpEndpoint: undefined, serviceName: 'shop-eu', metricsToken: 't'.repeat(16),
    });
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'otlp' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT is required with OTEL_TRACES_EXPORTER=otlp/);
    const bad = () => loadConfig({ OTEL_TRACES_EXPORTER: 'jaeger', OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://x', METRICS_TOKEN: 'short' });
    for (const name of ['OTEL_TRACES_EXPORTER', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'METRICS_TOKEN']) expect(bad).toThrow(new RegExp(`\\n  ${name}: `));
  });

  it('names unknown services, out-of-range ports and ports two services share', () => {
    const message = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(message({ SERVICES: 'gateway,foo' })).toContain('SERVICES: unknown foo');
    expect(message({ ORDER_PORT: '99999' })).toContain('ORDER_PORT: must be a port number, 0 to 65535');
    expect(message({ PAYMENT_PORT: '4001' })).toContain('PAYMENT_PORT: 4001 is also ORDER_PORT');
    expect(message({ PAYMENT_PORT: '4001', SERVICES: 'payment,gateway' })).toBe('');
    expect(message({ ORDER_URL: 'not-a-url' }).match(/ORDER_URL/g)).toHaveLength(1);
  });

  it('reads OUTBOUND_ALLOW as ranges, hosts and domains, naming an entry that is neither', () => {
    expect(loadConfig({}).outboundAllow).toEqual([]);
    const allow = loadConfig({ OUTBOUND_ALLOW: '10.0.0.0/8, fd00::/8,adapters.internal,*.svc.cluster.local' }).outboundAllow;
    expect(allow.map((entry) => entry.kind)).toEqual(['range', 'range', 'host', 'domain']);
    expect(() => loadConfig({ OUTBOUND_ALLOW: '10.0.0.0/8,https://x/' })).toThrow(/OUTBOUND_ALLOW: https:\/\/x\/ is neither an address range \(CIDR\) nor a host name/);
    expect(() => loadConfig({ OUTBOUND_ALLOW: '10.0.0.0/40' })).toThrow(/OUTBOUND_ALLOW: 10.0.0.0\/40 is not an address range/);
  });
});
