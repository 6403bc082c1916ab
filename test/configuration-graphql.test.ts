import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../app/app.config.js';
import { adapterSchemaUrl } from '../subgraphs/configuration/local-schemas.js';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { graphql, rest } from './harness/http.js';
import {
  AdaptersWithConfigurationDocument,
  ConfigurationPutDocument,
  ConfigurationSchemaByUrlDocument,
  ConfigurationsIdsDocument,
  ConfigurationsWithCommerceDocument,
  ConfigurationVersionOfCommerceDocument,
} from './generated/graphql.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

const tenant = { merchant: 'merchant-gql', channel: 'web' };
const MASK = '********';
const SECRET = `identity-secret-${randomBytes(8).toString('hex')}`;
let COMMERCE_SCHEMA: string; // set once the system runs (its adapters' real addresses)

const logLines: string[] = [];
let system: TestSystem;
let gateway: string;
let admin: string;
const call = <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables, token = admin) =>
  graphql(gateway, document, variables, { token, ...tenant });

const commerce = (secret: string = SECRET) => ({
  $schema: COMMERCE_SCHEMA,
  id: 'commerce_adapter',
  active: true,
  settings: { clientId: 1001, applicationId: 7 },
  api: { identityAddress: 'https://identity.example/connect/token', identityClientId: 'checkout', identityClientSecret: secret, identityScope: 'commerce' },
  country: { defaultCountry: 'NO' },
  features: { shippingChangedHookEnabled: true },
});

const PUT = ConfigurationPutDocument;

beforeAll(async () => {
  system = await startTestSystem({
    env: { CONFIG_ENCRYPTION_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'trace' },
    logDestination: new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(String(chunk));
        callback();
      },
    }),
  });
  gateway = system.urls.gateway!;
  COMMERCE_SCHEMA = adapterSchemaUrl(system.config.adapterUrls.commerce_adapter!, 'commerce_adapter');
  admin = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
});
afterAll(() => system?.close());

describe('configuration subgraph through the gateway', () => {
  it('puts a valid configuration and answers it with the secret masked', async () => {
    const { status, body } = await call(PUT, { id: 'commerce_adapter', document: commerce() });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data?.putConfiguration).toEqual({
      __typename: 'Configuration',
      id: 'commerce_adapter',
      version: 1,
      active: true,
      secretPointers: ['/api/identityClientSecret'],
      schemaUrl: COMMERCE_SCHEMA,
      document: { ...commerce(), api: { ...commerce().api, identityClientSecret: MASK } },
    });
  });

  it('answers a refused configuration as a typed ConfigurationValidationError listing every error', async () => {
    const document = { ...commerce(), active: 'yes', settings: { clientId: 'one' } };
    const { body } = await call(PUT, { id: 'commerce_adapter', document });
    expect(body.errors).toBeUndefined();
    expect(body.data?.putConfiguration).toMatchObject({ __typename: 'ConfigurationValidationError', code: 'invalid_configuration' });
    const refused = body.data?.putConfiguration;
    expect(refused?.__typename === 'ConfigurationValidationError' ? refused.errors : undefined).toEqual(expect.arrayContaining([
      { pointer: '/active', message: 'must be boolean', keyword: 'type', schema: 'basic' },
      expect.objectContaining({ pointer: '/settings/clientId', keyword: 'type', schema: 'adapter' }),
      expect.objectContaining({ pointer: '/settings/applicationId', keyword: 'required', schema: 'adapter' }),
    ]));
    const unreachable = await call(PUT, { id: 'commerce_adapter', document: { ...commerce(), $schema: 'http://127.0.0.1:1/x.json' } });
    expect(unreachable.body.data?.putConfiguration).toMatchObject({
      __typename: 'ConfigurationValidationError',
      code: 'schema_unavailable',
      errors: [expect.objectContaining({ pointer: '/$schema' })],
    });
    const { body: read } = await call(ConfigurationVersionOfCommerceDocument, {});
    expect(read.data?.configuration?.version).toBe(1);
  });

  it('keeps the stored secret when the mutation carries the mask', async () => {
    const { body } = await call(PUT, { id: 'commerce_adapter', document: { ...commerce(MASK), country: { defaultCountry: 'SE' } } });
    expect(body.data?.putConfiguration).toMatchObject({ __typename: 'Configuration', version: 2 });
    const service = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'service' });
    const read = await rest(system.urls.configuration!, 'GET', `/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/commerce_adapter`, { token: service, ...tenant });
    expect(read.body.api.identityClientSecret).toBe(SECRET);
    expect(read.body.country.defaultCountry).toBe('SE');
  });

  it('lists and reads configurations, with their schema, secrets masked (even for service tokens)', async () => {
    const service = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'service' });
    for (const token of [admin, service]) {
      const { body } = await call(ConfigurationsWithCommerceDocument, {}, token);
      expect(body.errors).toBeUndefined();
      expect(body.data?.configurations).toHaveLength(1);
      const [configuration] = body.data?.configurations ?? [];
      expect(configuration?.document).toMatchObject({ api: { identityClientSecret: MASK } });
      expect(configuration?.schema).toMatchObject({ title: 'Commerce adapter configuration', properties: { api: { properties: { identityClientSecret: { writeOnly: true } } } } });
      expect(body.data?.configuration?.document).toMatchObject({ api: { identityClientSecret: MASK } });
      expect(JSON.stringify(body)).not.toContain(SECRET);
    }
  });

  it("keeps Adapter.configuration working, masked", async () => {
    const { body } = await call(AdaptersWithConfigurationDocument, {});
    expect(body.errors).toBeUndefined();
    const configured = (body.data?.adapters ?? []).filter((adapter) => adapter.configuration);
    expect(configured).toHaveLength(1);
    expect(configured[0]).toMatchObject({ id: 'commerce_adapter', configuration: { id: 'commerce_adapter', version: 2, document: { api: { identityClientSecret: MASK } } } });
    expect(JSON.stringify(body)).not.toContain(SECRET);
  });

  it('resolves a schema by URL for forms of new configurations', async () => {
    const giftcard = adapterSchemaUrl(system.config.adapterUrls.giftcard_adapter!, 'giftcard_adapter');
    const { body } = await call(ConfigurationSchemaByUrlDocument, { url: giftcard });
    expect(body.errors).toBeUndefined();
    expect(body.data?.configurationSchema).toMatchObject({ properties: { api: { required: ['baseUrl', 'username', 'password', 'shopId'] } } });
    const unreachable = await call(ConfigurationSchemaByUrlDocument, { url: 'http://127.0.0.1:1/x.json' });
    expect(unreachable.body.data?.configurationSchema).toBeNull();
    expect(unreachable.body.errors?.[0]?.extensions?.code).toBe('SCHEMA_UNAVAILABLE');
  });

  it('refuses configurations to storefront and adapter tokens', async () => {
    for (const claims of [{ role: 'storefront' as const }, { role: 'adapter' as const, adapterId: 'commerce_adapter' }]) {
      const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], ...claims });
      const read = await call(ConfigurationsIdsDocument, {}, token);
      expect(read.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const write = await call(PUT, { id: 'commerce_adapter', document: commerce() }, token);
      expect(write.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(JSON.stringify(read.body) + JSON.stringify(write.body)).not.toContain(SECRET);
    }
  });

  it('never logged the secret', () => {
    const text = logLines.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(SECRET);
  });
});
