import { PLATFORM_SERVICES, adapterCredentialEnvNames, type ClientCredentials, type ServiceName } from '../../platform/env/env.config.js';
import type { HaproxyService } from '../../platform/net/haproxy.config.js';
import { CATALOGUE, SERVICE_SPECS } from '../service.catalogue.js';

/** What runs in every replica: the platform's services and the adapters (stateless beside the database). */
export const REPLICATED_SERVICES: readonly ServiceName[] = [...PLATFORM_SERVICES, ...CATALOGUE.filter((entry) => entry.kind === 'adapter' && entry.factory).map((entry) => entry.name)];
/** What runs once, in the edge process: the sandboxes (their state is in memory) and the browser apps. */
export const EDGE_SERVICES: readonly ServiceName[] = CATALOGUE.filter((entry) => (entry.kind === 'sandbox' || entry.kind === 'web') && entry.factory).map((entry) => entry.name);
export const MAX_REPLICAS = 9;
/** The usual ports (`npm start`'s) start here; a service's offset is its usual port less this. */
export const USUAL_PORT_BASE = 4000;
/** Replicas' ports come in blocks this wide above the port base (every service's offset fits in one). */
export const REPLICA_BLOCK = 400;
/**
 * Ports `fetch` refuses to call (the WHATWG Fetch standard's "bad ports"): a service there could
 * not be reached by the others. A block of replica ports holding one is skipped.
 */
export const FETCH_REFUSED_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179,
  389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000,
  6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

export interface ProcessPlan {
  name: string;
  env: Record<string, string>;
}

export interface ReplicaPlan {
  replicas: ProcessPlan[];
  edge: ProcessPlan;
  /** One HAProxy frontend per replicated service, on the service's port, over every replica. */
  balancers: HaproxyService[];
  /** Every replicated service's address at each replica: [k − 1][service]. */
  replicaUrls: Array<Record<string, string>>;
}

export interface ReplicaPlanInput {
  count: number;
  /** Where the processes and HAProxy listen (HOST). */
  host: string;
  /**
   * The port base: replica k's ports are the k-th block of REPLICA_BLOCK ports above it (a block
   * holding a port fetch refuses is skipped), each service at its offset (its usual port − 4000).
   */
  portBase: number;
  /** Where each service is reached (the balancer for a replicated one, the edge process for the others): its `<NAME>_PORT`, else the port base plus its offset. */
  ports: Record<string, number>;
  /** Every process's: DATABASE_URL, DATA_DIR, and the platform's keys (AUTH_JWT_SECRET, AUTH_SIGNING_KEY, CONFIG_ENCRYPTION_KEY). */
  shared: { DATABASE_URL: string; DATA_DIR: string; AUTH_JWT_SECRET: string; AUTH_SIGNING_KEY: string; CONFIG_ENCRYPTION_KEY: string };
  /** Each replicated adapter's client credentials, the same in every replica (credentials of its own would revoke the others'). */
  credentials: Record<string, ClientCredentials>;
  /** The storefront server's token (the edge process holds no signing key to mint it). */
  storefrontToken: string;
  /** Every replica's SHUTDOWN_DRAIN_MS: how long it serves on, not ready, before it stops listening (the balancer's time to take it out). */
  drainMs: number;
}

const usualPort = (name: ServiceName) => SERVICE_SPECS.find((spec) => spec.name === name)!.port;
const urlHost = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);

/** Each service's port with a port base and no `<NAME>_PORT`: the base plus its offset. */
export function stackPort(name: ServiceName, portBase: number): number {
  return portBase + usualPort(name) - USUAL_PORT_BASE;
}

/** Replica k's port of each replicated service (k = 1, 2, …), blocks holding a refused port skipped. */
export function replicaPorts(count: number, portBase: number): Array<Record<string, number>> {
  const blocks: Array<Record<string, number>> = [];
  for (let block = 1; blocks.length < count; block++) {
    const ports = Object.fromEntries(REPLICATED_SERVICES.map((name) => [name, portBase + block * REPLICA_BLOCK + usualPort(name) - USUAL_PORT_BASE]));
    const values = Object.values(ports);
    if (values.some((port) => port > 65_535)) throw new Error(`--port-base ${portBase} leaves no room for ${count} replicas below port 65535`);
    if (values.some((port) => FETCH_REFUSED_PORTS.has(port))) continue;
    blocks.push(ports);
  }
  return blocks;
}

/**
 * The processes of `npm run replicas`: `count` replicas of every replicated service, each on ports
 * of its own derived from the port base, reaching every service — its own included — through
 * HAProxy (as a replica behind a load balancer on another machine would); one edge process with
 * the sandboxes and browser apps. Every address a process hands out (callbacks, webhooks, the
 * admin's and storefront's gateway) is so the balancer's.
 */
export function planReplicas(input: ReplicaPlanInput): ReplicaPlan {
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_REPLICAS) throw new Error(`--count must be a whole number from 1 to ${MAX_REPLICAS}`);
  const host = urlHost(input.host);
  const portOf = (name: ServiceName) => input.ports[name] ?? stackPort(name, input.portBase);
  const reached = Object.fromEntries([...REPLICATED_SERVICES, ...EDGE_SERVICES].map((name) => [`${name.toUpperCase()}_URL`, `http://${host}:${portOf(name)}`]));
  for (const spec of SERVICE_SPECS) if (spec.env && reached[`${spec.name.toUpperCase()}_URL`]) reached[`${spec.env}_URL`] = reached[`${spec.name.toUpperCase()}_URL`]!;
  const credentialEnv: Record<string, string> = {};
  for (const name of REPLICATED_SERVICES) {
    const credentials = input.credentials[name];
    if (!credentials) continue;
    const names = adapterCredentialEnvNames(name, SERVICE_SPECS);
    credentialEnv[names.clientId] = credentials.clientId;
    credentialEnv[names.clientSecret] = credentials.clientSecret;
  }
  const blocks = replicaPorts(input.count, input.portBase);
  const stack = [...REPLICATED_SERVICES, ...EDGE_SERVICES].map(portOf);
  const clash = blocks.flatMap((block) => Object.values(block)).find((port) => stack.includes(port));
  if (clash !== undefined) throw new Error(`port ${clash} is both a replica's and a service's (a <NAME>_PORT inside the replicas' blocks): choose another --port-base`);
  const replicas = blocks.map((block, index) => {
    const ports = Object.fromEntries(REPLICATED_SERVICES.map((name) => [`${name.toUpperCase()}_PORT`, String(block[name])]));
    const env = { HOST: input.host, ...input.shared, ...reached, ...credentialEnv, ...ports, SERVICES: REPLICATED_SERVICES.join(','), SHUTDOWN_DRAIN_MS: String(input.drainMs) };
    return { name: `replica ${index + 1}`, env };
  });
  const { DATABASE_URL, DATA_DIR } = input.shared;
  // Sandboxes and browser apps hold public material only: no secret, no signing key.
  const edgePorts = Object.fromEntries(EDGE_SERVICES.map((name) => [`${name.toUpperCase()}_PORT`, String(portOf(name))]));
  const edge = { name: 'edge', env: { HOST: input.host, DATABASE_URL, DATA_DIR, ...reached, ...edgePorts, STOREFRONT_TOKEN: input.storefrontToken, SERVICES: EDGE_SERVICES.join(',') } };
  const balancers = REPLICATED_SERVICES.map((service) => ({
    name: service,
    bind: { host: input.host, port: portOf(service) },
    servers: blocks.map((block, index) => ({ name: `r${index + 1}`, host, port: block[service]! })),
  }));
  const replicaUrls = blocks.map((block) => Object.fromEntries(REPLICATED_SERVICES.map((name) => [name, `http://${host}:${block[name]}`])));
  return { replicas, edge, balancers, replicaUrls };
}
