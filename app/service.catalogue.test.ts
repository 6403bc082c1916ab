import { describe, expect, it } from '@jest/globals';
import { checkCatalogue, loadConfig } from '../platform/env/env.config.js';
import { SUBGRAPH_NAMES } from '../subgraphs/subgraph.catalog.js';
import { CATALOGUE, SERVICE_SPECS } from './service.catalogue.js';

describe('the service catalogue', () => {
  it('names every subgraph the gateway composes, and nothing twice', () => {
    expect(CATALOGUE.filter((entry) => entry.kind === 'subgraph').map((entry) => entry.name).sort()).toEqual([...SUBGRAPH_NAMES].sort());
    expect(() => checkCatalogue(SERVICE_SPECS)).not.toThrow();
  });

  it('refuses a catalogue with a name twice or a platform service missing', () => {
    expect(() => checkCatalogue([...SERVICE_SPECS, { name: 'order', kind: 'subgraph', port: 1, runs: true }])).toThrow(/order more than once/);
    expect(() => checkCatalogue(SERVICE_SPECS.filter((spec) => spec.name !== 'payment'))).toThrow(/lacks the platform services payment/);
  });

  it('is all configuration needs to know about an adapter: one row gives its port, URL and credential variables', () => {
    const rows = [...SERVICE_SPECS, { name: 'extra_adapter', kind: 'adapter' as const, port: 4199, runs: false }];
    const config = loadConfig({ EXTRA_ADAPTER_CLIENT_ID: 'client-id-0123456789', EXTRA_ADAPTER_CLIENT_SECRET: 'secret-0123456789abc' }, rows);
    expect(config.adapterUrls.extra_adapter).toBe('http://127.0.0.1:4199');
    expect(config.adapterCredentials.extra_adapter).toEqual({ clientId: 'client-id-0123456789', clientSecret: 'secret-0123456789abc' });
    expect(() => loadConfig({ EXTRA_ADAPTER_URL: 'not a url' }, rows)).toThrow(/EXTRA_ADAPTER_URL/);
  });
});
