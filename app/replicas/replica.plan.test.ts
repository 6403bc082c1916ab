import { describe, expect, it } from '@jest/globals';
import { EDGE_SERVICES, FETCH_REFUSED_PORTS, REPLICATED_SERVICES, planReplicas, replicaPorts, stackPort } from './replica.plan.js';
import { providerDManifest } from '../../adapters/provider-d/provider-d.manifest.js';
import { providerDSandboxManifest } from '../../sandboxes/provider-d/provider-d-sandbox.manifest.js';

// A provider adapter and its sandbox as the catalogue has them (their names from their manifests).
const provider = providerDManifest;
const providerSandbox = providerDSandboxManifest.name;

const shared = { DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/checkout', DATA_DIR: '/srv/data', AUTH_JWT_SECRET: 's'.repeat(43), AUTH_SIGNING_KEY: '{"kty":"EC"}', CONFIG_ENCRYPTION_KEY: 'k'.repeat(43) };
const credentials = { commerce_adapter: { clientId: 'commerce_adapter.x', clientSecret: 'secret-c' }, [provider.id]: { clientId: `${provider.id}.y`, clientSecret: 'secret-d' } };

const usual = (base: number) => Object.fromEntries([...REPLICATED_SERVICES, ...EDGE_SERVICES].map((name) => [name, stackPort(name, base)]));
const input = { count: 3, host: '127.0.0.1', portBase: 4000, ports: usual(4000), shared, credentials, storefrontToken: 'a.b.c', drainMs: 2000 };

describe('planReplicas', () => {
  const plan = planReplicas(input);

  it('gives every replica the shared keys, the same adapter credentials, ports of its own and the balancers as every address', () => {
    expect(plan.replicas.map((replica) => replica.name)).toEqual(['replica 1', 'replica 2', 'replica 3']);
    for (const [index, replica] of plan.replicas.entries()) {
      expect(replica.env).toMatchObject({ ...shared, SERVICES: REPLICATED_SERVICES.join(','), ORDER_URL: 'http://127.0.0.1:4001', GATEWAY_URL: 'http://127.0.0.1:4000', COMMERCE_SANDBOX_URL: 'http://127.0.0.1:4201' });
      expect(replica.env).toMatchObject({ COMMERCE_ADAPTER_CLIENT_ID: 'commerce_adapter.x', COMMERCE_ADAPTER_CLIENT_SECRET: 'secret-c', [`${provider.env}_CLIENT_ID`]: `${provider.id}.y`, [`${provider.env}_URL`]: `http://127.0.0.1:${provider.port}` });
      expect(replica.env.ORDER_PORT).toBe(String(4401 + index * 400));
      expect(replica.env[`${provider.id.toUpperCase()}_PORT`]).toBe(String(4400 + provider.port - 4000 + index * 400));
      expect(replica.env.SHUTDOWN_DRAIN_MS).toBe('2000');
    }
    const ports = plan.replicas.flatMap((replica) => Object.entries(replica.env).filter(([name]) => name.endsWith('_PORT')).map(([, port]) => port));
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('puts one HAProxy frontend on each replicated service\'s port, over every replica', () => {
    expect(plan.balancers.find((balancer) => balancer.name === 'order')).toEqual({
      name: 'order',
      bind: { host: '127.0.0.1', port: 4001 },
      servers: [
        { name: 'r1', host: '127.0.0.1', port: 4401 },
        { name: 'r2', host: '127.0.0.1', port: 4801 },
        { name: 'r3', host: '127.0.0.1', port: 5201 },
      ],
    });
    expect(plan.balancers.map((balancer) => balancer.name)).toEqual([...REPLICATED_SERVICES]);
    expect(plan.replicaUrls[1]!.order).toBe('http://127.0.0.1:4801');
  });

  it('moves every port with the port base, and honours a service\'s own port', () => {
    const moved = planReplicas({ ...input, count: 2, portBase: 14_000, ports: { ...usual(14_000), gateway: 9000 } });
    expect(moved.balancers.find((balancer) => balancer.name === 'order')!.bind.port).toBe(14_001);
    expect(moved.balancers.find((balancer) => balancer.name === 'order')!.servers.map((server) => server.port)).toEqual([14_401, 14_801]);
    expect(moved.balancers.find((balancer) => balancer.name === 'gateway')!.bind.port).toBe(9000);
    expect(moved.replicas[0]!.env).toMatchObject({ GATEWAY_URL: 'http://127.0.0.1:9000', ORDER_URL: 'http://127.0.0.1:14001', COMMERCE_SANDBOX_URL: 'http://127.0.0.1:14201' });
    expect(moved.edge.env).toMatchObject({ STOREFRONT_PORT: '14300', ADMIN_PORT: '14301', COMMERCE_SANDBOX_PORT: '14201' });
    // Clear of a default `npm start` (4000–4301) and of each other.
    const all = [...Object.values(usual(4000)), ...moved.replicas.flatMap((replica) => Object.entries(replica.env).filter(([name]) => name.endsWith('_PORT')).map(([, port]) => Number(port)))];
    expect(new Set(all).size).toBe(all.length);
  });

  it('skips a block of replica ports that holds a port fetch refuses to call', () => {
    // From 4000, the fifth block (6000–6301) holds 6000.
    const blocks = replicaPorts(9, 4000);
    expect(blocks.map((block) => block.gateway)).toEqual([4400, 4800, 5200, 5600, 6400, 6800, 7200, 7600, 8000]);
    for (const block of blocks) for (const port of Object.values(block)) expect(FETCH_REFUSED_PORTS.has(port)).toBe(false);
    expect(() => replicaPorts(9, 63_000)).toThrow(/no room/);
  });

  it('runs the sandboxes and browser apps once, with the storefront token and no secret or signing key', () => {
    expect(plan.edge.env).toMatchObject({ SERVICES: EDGE_SERVICES.join(','), STOREFRONT_TOKEN: 'a.b.c', DATABASE_URL: shared.DATABASE_URL, GATEWAY_URL: 'http://127.0.0.1:4000' });
    for (const name of ['AUTH_JWT_SECRET', 'AUTH_SIGNING_KEY', 'CONFIG_ENCRYPTION_KEY']) expect(plan.edge.env).not.toHaveProperty(name);
    expect(Object.keys(plan.edge.env).filter((name) => name.endsWith('_CLIENT_SECRET'))).toEqual([]);
    expect(EDGE_SERVICES).toEqual(expect.arrayContaining(['commerce_sandbox', providerSandbox, 'storefront', 'admin']));
  });

  it('refuses a count out of range', () => {
    for (const count of [0, 10, 1.5]) expect(() => planReplicas({ ...input, count })).toThrow(/--count/);
  });
});
