import { PLATFORM_SERVICES, adapterCredentialEnvNames, type ClientCredentials, type ServiceName } from '../../platform/env/env.config.js';
import { CATALOGUE, SERVICE_SPECS } from '../service.catalogue.js';

/** What runs in every replica: the platform's services and the adapters (stateless beside the database). */
export const REPLICATED_SERVICES: readonly ServiceName[] = [...PLATFORM_SERVICES, ...CATALOGUE.filter((entry) => entry.kind === 'adapter' && entry.factory).map((entry) => entry.name)];
/** What runs once, in the edge process: the sandboxes (their state is in memory) and the browser apps. */
export const EDGE_SERVICES: readonly ServiceName[] = CATALOGUE.filter((entry) => (entry.kind === 'sandbox' || entry.kind === 'web') && entry.factory).map((entry) => entry.name);
/**
 * Replica k (1, 2, …) listens on REPLICA_PORT_BASE + (k − 1) × REPLICA_PORT_STEP + (the usual port − 4000):
 * replica 1's order service on 20001, replica 2's on 20201; the balancer on the usual port. Below
 * Linux's ephemeral ports, and clear of the ports fetch refuses to call (6000, 10080, …).
 */
export const REPLICA_PORT_BASE = 20_000;
export const REPLICA_PORT_STEP = 200;
export const MAX_REPLICAS = 9;
export const replicaPort = (usualPort: number, k: number) => REPLICA_PORT_BASE + (k - 1) * REPLICA_PORT_STEP + (usualPort - 4000);

export interface ProcessPlan {
  name: string;
  env: Record<string, string>;
}

export interface ReplicaPlan {
  replicas: ProcessPlan[];
  edge: ProcessPlan;
  /** One balancer per replicated service: its port (the service's usual one) and the replicas behind it. */
  balancers: Array<{ service: ServiceName; port: number; backends: string[] }>;
}

export interface ReplicaPlanInput {
  count: number;
  /** Where the processes listen (HOST); the balancers listen there too. */
  host: string;
  /** Every process's: DATABASE_URL, DATA_DIR, and the platform's keys (AUTH_JWT_SECRET, AUTH_SIGNING_KEY, CONFIG_ENCRYPTION_KEY). */
  shared: { DATABASE_URL: string; DATA_DIR: string; AUTH_JWT_SECRET: string; AUTH_SIGNING_KEY: string; CONFIG_ENCRYPTION_KEY: string };
  /** Each replicated adapter's client credentials, the same in every replica (credentials of its own would revoke the others'). */
  credentials: Record<string, ClientCredentials>;
  /** The storefront server's token (the edge process holds no signing key to mint it). */
  storefrontToken: string;
}

const portOf = (name: ServiceName) => SERVICE_SPECS.find((spec) => spec.name === name)!.port;
const urlHost = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);

/**
 * The processes of `npm run replicas`: `count` replicas of every replicated service, each on ports
 * of its own, reaching every service — its own included — through the balancers on the usual
 * ports (as a replica behind a load balancer on another machine would); one edge process with
 * the sandboxes and browser apps. Every address a process hands out (callbacks, webhooks, the
 * admin's and storefront's gateway) is so the balancer's.
 */
export function planReplicas(input: ReplicaPlanInput): ReplicaPlan {
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_REPLICAS) throw new Error(`--count must be a whole number from 1 to ${MAX_REPLICAS}`);
  const host = urlHost(input.host);
  const balanced = Object.fromEntries([...REPLICATED_SERVICES, ...EDGE_SERVICES].map((name) => [`${name.toUpperCase()}_URL`, `http://${host}:${portOf(name)}`]));
  for (const spec of SERVICE_SPECS) if (spec.env && balanced[`${spec.name.toUpperCase()}_URL`]) balanced[`${spec.env}_URL`] = balanced[`${spec.name.toUpperCase()}_URL`]!;
  const credentialEnv: Record<string, string> = {};
  for (const name of REPLICATED_SERVICES) {
    const credentials = input.credentials[name];
    if (!credentials) continue;
    const names = adapterCredentialEnvNames(name, SERVICE_SPECS);
    credentialEnv[names.clientId] = credentials.clientId;
    credentialEnv[names.clientSecret] = credentials.clientSecret;
  }
  const replicas = Array.from({ length: input.count }, (_, index) => {
    const k = index + 1;
    const ports = Object.fromEntries(REPLICATED_SERVICES.map((name) => [`${name.toUpperCase()}_PORT`, String(replicaPort(portOf(name), k))]));
    return { name: `replica ${k}`, env: { HOST: input.host, ...input.shared, ...balanced, ...credentialEnv, ...ports, SERVICES: REPLICATED_SERVICES.join(',') } };
  });
  const { DATABASE_URL, DATA_DIR } = input.shared;
  // Sandboxes and browser apps hold public material only: no secret, no signing key.
  const edge = { name: 'edge', env: { HOST: input.host, DATABASE_URL, DATA_DIR, ...balanced, STOREFRONT_TOKEN: input.storefrontToken, SERVICES: EDGE_SERVICES.join(',') } };
  const balancers = REPLICATED_SERVICES.map((service) => ({
    service,
    port: portOf(service),
    backends: Array.from({ length: input.count }, (_, index) => `http://${host}:${replicaPort(portOf(service), index + 1)}`),
  }));
  return { replicas, edge, balancers };
}
