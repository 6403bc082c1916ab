/**
 * The HAProxy configuration for replicas (`npm run replicas`, the replica tests, the writers
 * bench, and the one docs/scaling.md gives for production): one frontend and one backend per
 * service, round robin over the replicas that answer `GET /readyz` 200.
 *
 * What keeps a replica's stop or death from failing requests it never took:
 * - a fresh server connection per request (`option http-server-close`): a request is never written
 *   to a kept-alive connection the replica has just closed or lost, so "the connection failed"
 *   always means the replica never got it;
 * - connection failures only are retried (`retry-on conn-failure`), each retry on another replica
 *   (`option redispatch 1`): a request a replica may have received is never sent a second time;
 * - health checks every 500 ms, out after 2 failures, back after 1 success; a stopping replica
 *   answers /readyz 503 and serves on for SHUTDOWN_DRAIN_MS (2 s) before it stops listening.
 */
export interface HaproxyServer {
  name: string;
  host: string;
  port: number;
}

export interface HaproxyService {
  /** The frontend's and backend's name (a service name: `order`, `payment`, …). */
  name: string;
  bind: { host: string; port: number };
  servers: HaproxyServer[];
}

export interface HealthCheck {
  interMs: number;
  fall: number;
  rise: number;
}

export const HEALTH_CHECK: HealthCheck = { interMs: 500, fall: 2, rise: 1 };

/** How long a stopping replica must go on serving (SHUTDOWN_DRAIN_MS) for checks like `check` to take it out: fall checks, one more interval for the check in progress, and a margin. */
export const drainMsFor = (check: HealthCheck = HEALTH_CHECK) => (check.fall + 1) * check.interMs + 500;

export interface HaproxyConfigInput {
  services: HaproxyService[];
  /** The admin socket (`show stat`, `disable server …`): a path, or omitted. */
  statsSocket?: string;
  check?: HealthCheck;
  /** HAProxy threads (default: one per CPU). */
  threads?: number;
  /** Adds `x-replica: <server name>` to every answer, HAProxy's own (502, 503) included: which replica answered (tests). */
  replicaHeader?: boolean;
}

const NAME = /^[A-Za-z0-9_.-]+$/;

/** `haproxy.cfg` text for `input`. */
export function haproxyConfig(input: HaproxyConfigInput): string {
  const check = input.check ?? HEALTH_CHECK;
  const lines = [
    'global',
    '  maxconn 4096',
    ...(input.threads ? [`  nbthread ${input.threads}`] : []),
    ...(input.statsSocket ? [`  stats socket ${input.statsSocket} mode 600 level admin`] : []),
    // A soft stop (SIGUSR1) lets answers in flight finish, within this bound.
    '  hard-stop-after 10s',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 30s',
    '  timeout http-keep-alive 10s',
    '  timeout tunnel 1h',
    '  option http-server-close',
    '  option forwardfor',
    '  retries 3',
    '  retry-on conn-failure',
    '  option redispatch 1',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    `  default-server check inter ${check.interMs}ms fall ${check.fall} rise ${check.rise}`,
  ];
  for (const service of input.services) {
    if (!NAME.test(service.name)) throw new Error(`${service.name}: not a name HAProxy takes`);
    if (service.servers.length === 0) throw new Error(`${service.name}: no server`);
    lines.push(
      '',
      `frontend ${service.name}`,
      `  bind ${bindAddress(service.bind.host)}:${service.bind.port}`,
      `  default_backend ${service.name}`,
      '',
      `backend ${service.name}`,
      ...(input.replicaHeader ? ['  http-after-response set-header x-replica %s'] : []),
      ...service.servers.map((server) => {
        if (!NAME.test(server.name)) throw new Error(`${server.name}: not a name HAProxy takes`);
        return `  server ${server.name} ${hostPort(server.host, server.port)}`;
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** HAProxy splits an address at its last colon: `127.0.0.1:4000`, `::1:4000`, `:4000` (every IPv4 address), `:::4000` (every address). */
const bindAddress = (host: string) => (host === '0.0.0.0' ? '' : host);
const hostPort = (host: string, port: number) => `${host}:${port}`;
