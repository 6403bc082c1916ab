import { describe, expect, it } from '@jest/globals';
import { EDGE_SERVICES, REPLICATED_SERVICES, planReplicas } from './replica.plan.js';
import { providerDManifest } from '../../adapters/provider-d/provider-d.manifest.js';
import { providerDSandboxManifest } from '../../sandboxes/provider-d/provider-d-sandbox.manifest.js';

// A provider adapter and its sandbox as the catalogue has them (their names from their manifests).
const provider = providerDManifest;
const providerSandbox = providerDSandboxManifest.name;

const shared = { DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/checkout', DATA_DIR: '/srv/data', AUTH_JWT_SECRET: 's'.repeat(43), AUTH_SIGNING_KEY: '{"kty":"EC"}', CONFIG_ENCRYPTION_KEY: 'k'.repeat(43) };
const credentials = { commerce_adapter: { clientId: 'commerce_adapter.x', clientSecret: 'secret-c' }, [provider.id]: { clientId: `${provider.id}.y`, clientSecret: 'secret-d' } };

describe('planReplicas', () => {
  const plan = planReplicas({ count: 3, host: '127.0.0.1', shared, credentials, storefrontToken: 'a.b.c' });

  it('gives every replica the shared keys, the same adapter credentials, ports of its own and the balancers as every address', () => {
    expect(plan.replicas.map((replica) => replica.name)).toEqual(['replica 1', 'replica 2', 'replica 3']);
    for (const [index, replica] of plan.replicas.entries()) {
      expect(replica.env).toMatchObject({ ...shared, SERVICES: REPLICATED_SERVICES.join(','), ORDER_URL: 'http://127.0.0.1:4001', GATEWAY_URL: 'http://127.0.0.1:4000', COMMERCE_SANDBOX_URL: 'http://127.0.0.1:4201' });
      expect(replica.env).toMatchObject({ COMMERCE_ADAPTER_CLIENT_ID: 'commerce_adapter.x', COMMERCE_ADAPTER_CLIENT_SECRET: 'secret-c', [`${provider.env}_CLIENT_ID`]: `${provider.id}.y`, [`${provider.env}_URL`]: `http://127.0.0.1:${provider.port}` });
      expect(replica.env.ORDER_PORT).toBe(String(20_001 + index * 200));
      expect(replica.env[`${provider.id.toUpperCase()}_PORT`]).toBe(String(20_000 + provider.port - 4000 + index * 200));
    }
    const ports = plan.replicas.flatMap((replica) => Object.entries(replica.env).filter(([name]) => name.endsWith('_PORT')).map(([, port]) => port));
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('puts one balancer on each replicated service\'s usual port, over every replica', () => {
    expect(plan.balancers.find((balancer) => balancer.service === 'order')).toEqual({ service: 'order', port: 4001, backends: ['http://127.0.0.1:20001', 'http://127.0.0.1:20201', 'http://127.0.0.1:20401'] });
    expect(plan.balancers.map((balancer) => balancer.service)).toEqual([...REPLICATED_SERVICES]);
  });

  it('runs the sandboxes and browser apps once, with the storefront token and no secret or signing key', () => {
    expect(plan.edge.env).toMatchObject({ SERVICES: EDGE_SERVICES.join(','), STOREFRONT_TOKEN: 'a.b.c', DATABASE_URL: shared.DATABASE_URL, GATEWAY_URL: 'http://127.0.0.1:4000' });
    for (const name of ['AUTH_JWT_SECRET', 'AUTH_SIGNING_KEY', 'CONFIG_ENCRYPTION_KEY']) expect(plan.edge.env).not.toHaveProperty(name);
    expect(Object.keys(plan.edge.env).filter((name) => name.endsWith('_CLIENT_SECRET'))).toEqual([]);
    expect(EDGE_SERVICES).toEqual(expect.arrayContaining(['commerce_sandbox', providerSandbox, 'storefront', 'admin']));
  });

  it('refuses a count out of range', () => {
    for (const count of [0, 10, 1.5]) expect(() => planReplicas({ count, host: '127.0.0.1', shared, credentials, storefrontToken: 'a.b.c' })).toThrow(/--count/);
  });
});
