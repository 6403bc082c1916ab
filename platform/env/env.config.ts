import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { DEFAULT_GRAPHQL_LIMITS, type GraphQLLimits } from '../graphql/query-limits.js';
import { parsePrivateKey } from '../auth/signing-key.js';
import { parseAllowList, type AllowEntry } from '../outbound/address-policy.js';

/**
 * Every environment variable the platform reads, validated once at boot. A bad value stops the
 * process with a message naming the variable; nothing else in the code reads process.env.
 */
/** `web`: a page for browsers (the admin app; the storefront with its small backend), holding no order data of its own. */
export type ServiceKind = 'subgraph' | 'platform' | 'adapter' | 'sandbox' | 'web';

/**
 * One row of the service catalogue as configuration sees it (app/service.catalogue.ts holds the
 * rows with their factories): `<NAME>_PORT` and `<NAME>_URL` set where it listens and is reached.
 * A row that this code base cannot run (an adapter hosted elsewhere) has `runs: false` and is
 * reached at `<ENV>_URL`.
 */
export interface ServiceSpec {
  name: string;
  kind: ServiceKind;
  port: number;
  /** Whether this process can run it (SERVICES); false for adapters that only have an address. */
  runs: boolean;
  /** Prefix of its environment variables when not NAME (a provider's `<PROVIDER>_ADAPTER` for its `<provider>_checkout_adapter`). */
  env?: string;
  /** The settings it declares in its manifest (adapters/kit/provider-manifest.ts), read with the rest of the environment. */
  settings?: readonly ServiceSetting[];
  /** An adapter's kind as its provider manifest declares it (unset: `payment`); the adapter registry lists an unreachable adapter with it. */
  adapterKind?: 'commerce' | 'payment' | 'giftcard';
  /**
   * An adapter's configuration schema, as a path from the repository's root: the file its provider
   * manifest declares (`schemaFile`, beside the manifest in the adapter's folder), the one place it
   * is named. Unset for an adapter this code base does not hold (hosted elsewhere).
   */
  schemaFile?: string;
}

/** Where an adapter's configuration schema is, from the repository's root (ServiceSpec.schemaFile); undefined when its row names none. */
export const adapterSchemaFile = (catalogue: readonly ServiceSpec[], id: string): string | undefined => catalogue.find((spec) => spec.name === id)?.schemaFile;

/**
 * A setting a service declares in its own folder (its manifest): one environment variable, checked
 * at boot with the others, its value in `config.settings[service][key]`. `timeout`: whole
 * milliseconds from 1 to 999999; `milliseconds`: from 0 to 9999999. A setting without a default
 * is absent when its variable is unset.
 */
export interface ServiceSetting {
  env: string;
  key: string;
  kind: 'timeout' | 'milliseconds';
  default?: number;
  /** What it sets, for people (README.md "Environment" says the same). */
  description: string;
}

/** Each service's declared settings, by service name and key (ServiceSetting). */
export type ServiceSettings = Readonly<Record<ServiceName, Readonly<Record<string, number | undefined>>>>;

/** A declared setting's value: the configuration's, else its default (for services built without one, e.g. sandboxes in tests). */
export const settingValue = (config: { settings?: ServiceSettings } | undefined, service: string, setting: ServiceSetting): number | undefined =>
  config?.settings?.[service]?.[setting.key] ?? setting.default;

/** The platform's own services: every platform process needs their addresses (SERVICES=platform). */
export const PLATFORM_SERVICES = ['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications'] as const;
export type PlatformServiceName = (typeof PLATFORM_SERVICES)[number];
/** A service of the catalogue. */
export type ServiceName = string;
export type AdapterId = string;
/** Base URL per service: the platform's own always, the others when the catalogue has them. */
export type ServiceUrls = Record<PlatformServiceName, string> & { readonly [name: string]: string };

const envBase = (spec: ServiceSpec) => spec.env ?? spec.name.toUpperCase();
/** Where an adapter process finds the credentials the platform issued it (`npm run credentials`). */
export const adapterCredentialEnvNames = (id: string, catalogue: readonly ServiceSpec[] = []) => {
  const spec = catalogue.find((row) => row.name === id);
  const base = spec ? envBase(spec) : id.toUpperCase();
  return { clientId: `${base}_CLIENT_ID`, clientSecret: `${base}_CLIENT_SECRET` };
};

export interface PlatformConfig {
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  /** LOG_FORMAT: `json`, `pretty`, or unset (`auto`): pretty on a terminal, JSON otherwise (platform/logging/logger.ts). */
  logFormat?: 'json' | 'pretty';
  host: string;
  /** Postgres connection string; when absent an embedded Postgres is started under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPostgresPort: number;
  services: ServiceName[];
  /** The catalogue's rows this configuration was read with. */
  catalogue: readonly ServiceSpec[];
  ports: Record<ServiceName, number>;
  /** Base URL of each service, as other services and the gateway reach it. */
  urls: ServiceUrls;
  /** Base URL of each adapter (`<ENV>_URL`: COMMERCE_ADAPTER_URL, …). */
  adapterUrls: Record<AdapterId, string>;
  bodyLimitBytes: number;
  /** How long requests in flight may finish after a stop signal (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /**
   * After a stop signal, how long the process goes on serving as before, /readyz already 503,
   * before it stops taking connections (SHUTDOWN_DRAIN_MS): the time a load balancer needs to see
   * it not ready and send it nothing new. 0 (the default) stops taking connections at once.
   */
  shutdownDrainMs: number;
  auth: AuthConfig;
  /** Bounds of the order engine's calls to adapters. */
  engine: { hookTimeoutMs: number; cascadeLimit: number; validationTimeoutMs: number };
  /** Delivery of notifications: per-call timeout and the delays between attempts (its length + 1 = attempts). */
  notifications: {
    timeoutMs: number;
    retryDelaysMs: number[];
    concurrency: number;
    /** Deliveries to one receiver host at once across every process on the database (default: half of `concurrency`, at least 1). */
    hostConcurrency: number;
    /** A receiver is paused once it failed this many attempts in a row (0: never paused) … */
    pauseAfterFailures: number;
    /** … and its failures have lasted at least this long (docs/events.md). */
    pauseAfterMs: number;
    /** How long a claimed job is leased to its worker (default: twice the timeout + 10 s); past it, a dead worker's jobs are claimed again. */
    leaseMs: number;
    /** Retention of settled jobs (NOTIFICATION_RETENTION_*): delivered and skipped, dead (past their replay window), and the sweep's period. */
    retention: { deliveredMs: number; deadMs: number; sweepEveryMs: number };
  };
  /** How much work one GraphQL request may ask for, and for how long (GRAPHQL_*, docs/graphql-limits.md). */
  graphql: GraphQLLimits;
  /** Whether the gateway runs subgraphs of its own process in-process (GATEWAY_IN_PROCESS, default on). */
  gatewayInProcess: boolean;
  /** Whether the gateway takes its fast path for queries planned as one fetch, and reuses the federation library's operation conversion (GATEWAY_FAST_PATH, default on; docs/gateway-fast-path.md). */
  gatewayFastPath: boolean;
  /** Seed the `demo` merchant and channel at start-up (DEMO_DATA; off in production by default). */
  demoData: boolean;
  /** Key (base64, 32 bytes) encrypting configuration secrets at rest; generated in dataDir when unset. */
  configEncryptionKey: string | undefined;
  /** Client credentials an adapter process was given (`<ADAPTER>_CLIENT_ID/_CLIENT_SECRET`); the system runner issues them otherwise. */
  adapterCredentials: Partial<Record<string, ClientCredentials>>;
  /** Where adapters read the platform's public keys (PLATFORM_JWKS_URL); unset: the configuration service's /.well-known/jwks.json. */
  platformJwksUrl: string | undefined;
  /** OUTBOUND_ALLOW: private addresses and hosts the platform may call in production (docs/outbound.md). */
  outboundAllow: AllowEntry[];
  /** Origins whose pages may call the gateway (CORS_ORIGINS): exact origins, `scheme://host:*` for any port, or `*`. */
  corsOrigins: string[];
  /** What a browser opening the gateway's /graphql gets (EXPLORER, docs/explorer.md). */
  explorer: 'auto' | 'graphiql' | 'sandbox';
  /**
   * The admin app (docs/admin.md): the gateway as the admin's browser reaches it (ADMIN_GATEWAY_URL;
   * unset: the gateway's URL) and its client id at the identity provider (ADMIN_OIDC_CLIENT_ID; with
   * AUTH_JWKS_URL it offers sign-in there).
   */
  admin?: { gatewayUrl: string | undefined; oidcClientId: string | undefined };
  /**
   * The tenant whose checkouts the storefront app runs (STOREFRONT_MERCHANT, STOREFRONT_CHANNEL;
   * docs/storefront-app.md) and its server's storefront token for that channel (STOREFRONT_TOKEN;
   * unset: the runner issues one when it starts the storefront, see app/system.ts).
   */
  storefront: { merchant: string; channel: string; token?: string };
  /** Traces and metrics ([docs/observability.md]). */
  telemetry: TelemetryConfig;
  /** How long each outbound call waits for an answer (the `*_TIMEOUT_MS` of TIMEOUT_SETTINGS). */
  timeouts: Timeouts;
  /** The settings services declare in their manifests (ServiceSpec.settings), by service name. */
  settings: ServiceSettings;
}

/**
 * Each time-out setting of a call a service makes to another system, with the field it sets and
 * its default in milliseconds: one row per call, read and checked with the rest of the environment
 * (a whole number of milliseconds from 1 to 999999), documented in README.md ("Environment") and
 * .env.example. Sandboxes built without a configuration (tests) take the defaults (DEFAULT_TIMEOUTS).
 */
export const TIMEOUT_SETTINGS = {
  /** The adapter service's read of an adapter's manifest (/.well-known/adapter.json). */
  ADAPTER_MANIFEST_TIMEOUT_MS: ['adapterManifestMs', 2_000],
  /** An adapter's /readyz asking the order service's /healthz. */
  READINESS_PROBE_TIMEOUT_MS: ['readinessProbeMs', 2_000],
  /** The configuration service's fetch of a configuration's remote `$schema`. */
  CONFIGURATION_SCHEMA_TIMEOUT_MS: ['configurationSchemaMs', 3_000],
  /** The storefront app's server relaying the browser's calls to an adapter. (A provider's own settings, its adapter's and its sandbox's time-outs among them, live in its manifests: ServiceSetting.) */
  STOREFRONT_RELAY_TIMEOUT_MS: ['storefrontRelayMs', 30_000],
  /** A call between the platform's services and the adapters at their configured addresses: the adapter service relaying an action or an option to an adapter, an adapter calling the order service, the payment API or the configuration service. */
  PLATFORM_CALL_TIMEOUT_MS: ['platformCallMs', 10_000],
} as const;

/**
 * The order engine's and the notification workers' bound on each call to a URL an adapter
 * registered (hook, validation callback, notification), in milliseconds: variable → default.
 */
/** Notification deliveries in flight per process: none holds a database connection while it waits on its receiver. */
const NOTIFICATION_CONCURRENCY = 32;
const DAY_MS = 86_400_000;
export const CALLBACK_TIMEOUT_SETTINGS = { HOOK_TIMEOUT_MS: 5_000, VALIDATION_TIMEOUT_MS: 2_000, NOTIFICATION_TIMEOUT_MS: 10_000 } as const;

/**
 * Every variable bounding how long a call to another system waits, with its default: the
 * callbacks' (CALLBACK_TIMEOUT_SETTINGS), the platform's calls (TIMEOUT_SETTINGS) and each
 * `timeout` setting a service of `catalogue` declares in its manifest (adapters calling their
 * providers, sandboxes calling the merchant).
 */
export function outboundTimeoutSettings(catalogue: readonly ServiceSpec[]): Record<string, number> {
  return {
    ...CALLBACK_TIMEOUT_SETTINGS,
    ...Object.fromEntries(Object.entries(TIMEOUT_SETTINGS).map(([name, [, ms]]) => [name, ms])),
    ...Object.fromEntries(catalogue.flatMap((spec) => (spec.settings ?? []).filter((setting) => setting.kind === 'timeout' && setting.default !== undefined).map((setting) => [setting.env, setting.default!]))),
  };
}

type TimeoutField = (typeof TIMEOUT_SETTINGS)[keyof typeof TIMEOUT_SETTINGS][0];
/** Milliseconds per outbound call (TIMEOUT_SETTINGS). */
export type Timeouts = Readonly<Record<TimeoutField, number>>;
/** The time-outs with no variable set. */
export const DEFAULT_TIMEOUTS: Timeouts = Object.fromEntries(Object.values(TIMEOUT_SETTINGS).map(([field, ms]) => [field, ms])) as Timeouts;

/** An adapter's client credentials: exchanged at the configuration service for short-lived adapter tokens. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface TelemetryConfig {
  /** otlp (OTLP/HTTP to `otlpEndpoint`), memory (kept in the process, for tests) or none. */
  tracesExporter: 'otlp' | 'memory' | 'none';
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; traces go to `<endpoint>/v1/traces`. */
  otlpEndpoint: string | undefined;
  /** OTEL_SERVICE_NAME: service.name of the spans of this process. */
  serviceName: string;
  /** METRICS_TOKEN: when set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
}

/**
 * Platform services verify the operators' HS256 tokens (`npm run token -- --hs256`) and tokens
 * signed with the platform key; with AUTH_JWKS_URL also an identity provider's, by its JWKS.
 * Adapters are given none of the secrets here (docs/auth.md, "Who holds what").
 */
export interface AuthConfig {
  /** AUTH_JWT_SECRET; when unset, a secret generated once in DATA_DIR. */
  secret: string | undefined;
  issuer: string;
  audience: string;
  jwks?: { url: string; issuer: string; audience: string };
  /** AUTH_SIGNING_KEY (private JWK or PKCS8 PEM); when unset, a key pair generated once in DATA_DIR. */
  signingKey?: string | undefined;
  /** CHECKOUT_TOKEN_TTL_S: life of a checkout token (role shopper), 60 s to 1 day; default 1800. */
  checkoutTokenLifetimeS?: number;
}

/** Issuer and audience of the platform's own tokens when AUTH_ISSUER/AUTH_AUDIENCE describe an identity provider. */
export const PLATFORM_TOKEN_ISSUER = 'checkout-platform';

/** 0 (any free port) to 65535. */
const PORT = { type: 'string', pattern: '^(0|[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$' } as const;
const SERVICE_SETS = ['all', 'platform'] as const;
/** A count from 1 to 999,999. */
const COUNT = { type: 'string', pattern: '^[1-9][0-9]{0,5}$' } as const;
/** A time-out: whole milliseconds from 1 to 999,999. */
const MILLISECONDS = { type: 'string', pattern: '^[1-9][0-9]{0,5}$' } as const;
/** Each GRAPHQL_* variable and the limit it sets. */
const GRAPHQL_SETTINGS = {
  GRAPHQL_MAX_TOKENS: 'maxTokens',
  GRAPHQL_MAX_DEPTH: 'maxDepth',
  GRAPHQL_MAX_FIELDS: 'maxFields',
  GRAPHQL_MAX_ALIASES: 'maxAliases',
  GRAPHQL_MAX_ROOT_MUTATIONS: 'maxRootMutations',
  GRAPHQL_MAX_PAGE_SIZE: 'maxPageSize',
  GRAPHQL_MAX_BATCH: 'maxBatch',
  GRAPHQL_DEADLINE_MS: 'deadlineMs',
} as const satisfies Record<string, keyof GraphQLLimits>;

/** One CORS_ORIGINS entry: `*`, or scheme://host[:port|:*] with no path (what a browser sends as Origin). */
const CORS_ORIGIN = '(\\*|https?://([A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*|\\[[0-9A-Fa-f:.]+\\])(:([0-9]{1,5}|\\*))?)';
/** Pages a developer serves from this machine, on any port; production allows none unless told. */
const DEVELOPMENT_CORS_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'];

function corsOrigins(raw: string | undefined, nodeEnv: PlatformConfig['nodeEnv']): string[] {
  if (raw === undefined) return nodeEnv === 'production' ? [] : DEVELOPMENT_CORS_ORIGINS;
  return raw.trim() === 'none' ? [] : raw.split(',').map((origin) => origin.trim().toLowerCase());
}

const envSchema = {
  type: 'object',
  properties: {
    NODE_ENV: { enum: ['development', 'production', 'test'] },
    LOG_LEVEL: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
    LOG_FORMAT: { enum: ['auto', 'json', 'pretty'] },
    HOST: { type: 'string', minLength: 1 },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    DATA_DIR: { type: 'string', minLength: 1 },
    EMBEDDED_PG_PORT: PORT,
    SERVICES: { type: 'string', minLength: 1 },
    BODY_LIMIT_BYTES: { type: 'string', pattern: '^[0-9]+$' },
    SHUTDOWN_GRACE_MS: { type: 'string', pattern: '^[0-9]{1,6}$' },
    SHUTDOWN_DRAIN_MS: { type: 'string', pattern: '^[0-9]{1,5}$' },
    AUTH_JWT_SECRET: { type: 'string', minLength: 32 },
    AUTH_JWKS_URL: { type: 'string', format: 'uri' },
    AUTH_ISSUER: { type: 'string', minLength: 1 },
    AUTH_AUDIENCE: { type: 'string', minLength: 1 },
    DEMO_DATA: { enum: ['on', 'off'] },
    GATEWAY_IN_PROCESS: { enum: ['on', 'off'] },
    GATEWAY_FAST_PATH: { enum: ['on', 'off'] },
    HOOK_TIMEOUT_MS: { type: 'string', pattern: '^[0-9]{1,6}$' },
    HOOK_CASCADE_LIMIT: { type: 'string', pattern: '^[0-9]{1,3}$' },
    VALIDATION_TIMEOUT_MS: { type: 'string', pattern: '^[0-9]{1,6}$' },
    NOTIFICATION_TIMEOUT_MS: { type: 'string', pattern: '^[0-9]{1,6}$' },
    NOTIFICATION_RETRY_DELAYS_MS: { type: 'string', pattern: '^[0-9]{1,9}(,[0-9]{1,9})*$' },
    NOTIFICATION_CONCURRENCY: { type: 'string', pattern: '^[0-9]{1,3}$' },
    NOTIFICATION_HOST_CONCURRENCY: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
    NOTIFICATION_RECEIVER_PAUSE_FAILURES: { type: 'string', pattern: '^[0-9]{1,6}$' },
    NOTIFICATION_RECEIVER_PAUSE_AFTER_MS: { type: 'string', pattern: '^[0-9]{1,10}$' },
    NOTIFICATION_LEASE_MS: { type: 'string', pattern: '^[1-9][0-9]{2,8}$' },
    NOTIFICATION_RETENTION_DELIVERED_MS: { type: 'string', pattern: '^[0-9]{1,12}$' },
    NOTIFICATION_RETENTION_DEAD_MS: { type: 'string', pattern: '^[0-9]{1,12}$' },
    NOTIFICATION_RETENTION_SWEEP_MS: { type: 'string', pattern: '^[1-9][0-9]{2,9}$' },
    CONFIG_ENCRYPTION_KEY: { type: 'string', pattern: '^[A-Za-z0-9+/_-]{43}=?$' },
    CORS_ORIGINS: { type: 'string', pattern: `^\\s*(none\\s*|${CORS_ORIGIN}\\s*(,\\s*${CORS_ORIGIN}\\s*)*)$` },
    EXPLORER: { enum: ['auto', 'graphiql', 'sandbox'] },
    ADMIN_GATEWAY_URL: { type: 'string', format: 'uri', pattern: '^https?://' },
    ADMIN_OIDC_CLIENT_ID: { type: 'string', minLength: 1, maxLength: 256 },
    STOREFRONT_MERCHANT: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,100}$' },
    STOREFRONT_CHANNEL: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,100}$' },
    STOREFRONT_TOKEN: { type: 'string', pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$', maxLength: 8192 },
    ...Object.fromEntries(Object.keys(GRAPHQL_SETTINGS).map((name) => [name, COUNT])),
    ...Object.fromEntries(Object.keys(TIMEOUT_SETTINGS).map((name) => [name, MILLISECONDS])),
    // The listings never page more than 200 (their own check); this may only lower it.
    GRAPHQL_MAX_PAGE_SIZE: { type: 'string', pattern: '^([1-9][0-9]?|1[0-9]{2}|200)$' },
    AUTH_SIGNING_KEY: { type: 'string', minLength: 1 },
    CHECKOUT_TOKEN_TTL_S: { type: 'string', pattern: '^[0-9]{2,5}$' },
    PLATFORM_JWKS_URL: { type: 'string', format: 'uri', pattern: '^https?://' },
    OUTBOUND_ALLOW: { type: 'string', maxLength: 4096 },
    OTEL_EXPORTER_OTLP_ENDPOINT: { type: 'string', format: 'uri', pattern: '^https?://' },
    OTEL_TRACES_EXPORTER: { enum: ['otlp', 'memory', 'none'] },
    OTEL_SERVICE_NAME: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
    METRICS_TOKEN: { type: 'string', minLength: 16, maxLength: 256, pattern: '^[\\x21-\\x7e]+$' },
  },
} as const;

/** How each kind of declared setting (ServiceSetting) is checked, and said when it fails. */
const SETTING_KINDS = {
  timeout: { schema: MILLISECONDS, message: 'must be a whole number of milliseconds from 1 to 999999' },
  milliseconds: { schema: { type: 'string', pattern: '^[0-9]{1,7}$' }, message: 'must be a whole number of milliseconds from 0 to 9999999' },
} as const;

/** What a value failing its pattern should have been, in words. */
const patternMessage = (name: string, settingKinds: ReadonlyMap<string, ServiceSetting['kind']>): string | undefined =>
  settingKinds.has(name) ? SETTING_KINDS[settingKinds.get(name)!].message
  : name.endsWith('_PORT') ? 'must be a port number, 0 to 65535'
  : name === 'GRAPHQL_MAX_PAGE_SIZE' ? 'must be a whole number from 1 to 200'
  : name in GRAPHQL_SETTINGS ? 'must be a whole number from 1 to 999999'
  : name in TIMEOUT_SETTINGS ? 'must be a whole number of milliseconds from 1 to 999999'
  : name === 'CORS_ORIGINS' ? 'must be none or a comma-separated list of origins such as https://shop.example.com, http://localhost:*, or *'
  : undefined;

const ajv = new Ajv({ allErrors: true });
addFormats.default(ajv);
const URL_VAR = { type: 'string', format: 'uri', pattern: '^https?://' } as const;

/** The variables every row of a catalogue adds: port and URL of what runs, address and credentials of adapters. */
function catalogueVariables(catalogue: readonly ServiceSpec[]): Record<string, object> {
  return Object.fromEntries(
    catalogue.flatMap((spec) => [
      ...(spec.runs ? [[`${spec.name.toUpperCase()}_PORT`, PORT]] : []),
      [`${envBase(spec)}_URL`, URL_VAR],
      ...(spec.kind === 'adapter' ? Object.values(adapterCredentialEnvNames(spec.name, catalogue)).map((name) => [name, { type: 'string', pattern: '^[A-Za-z0-9._~-]{16,200}$' }]) : []),
      ...(spec.settings ?? []).map((setting) => [setting.env, SETTING_KINDS[setting.kind].schema]),
    ]),
  );
}

const validators = new WeakMap<readonly ServiceSpec[], { validate: ReturnType<typeof ajv.compile>; keys: string[]; settingKinds: Map<string, ServiceSetting['kind']> }>();
function validatorFor(catalogue: readonly ServiceSpec[]) {
  let entry = validators.get(catalogue);
  if (!entry) {
    const properties = { ...envSchema.properties, ...catalogueVariables(catalogue) };
    const settingKinds = new Map(catalogue.flatMap((spec) => (spec.settings ?? []).map((setting) => [setting.env, setting.kind] as const)));
    entry = { validate: ajv.compile({ type: 'object', properties }), keys: Object.keys(properties), settingKinds };
    validators.set(catalogue, entry);
  }
  return entry;
}

/** A catalogue must name each platform service once, with distinct names: checked at boot. */
export function checkCatalogue(catalogue: readonly ServiceSpec[]): void {
  const names = catalogue.map((spec) => spec.name);
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length > 0) throw new Error(`The service catalogue names ${twice.join(', ')} more than once.`);
  const missing = PLATFORM_SERVICES.filter((name) => !names.includes(name));
  if (missing.length > 0) throw new Error(`The service catalogue lacks the platform services ${missing.join(', ')}.`);
  const bad = names.filter((name) => !/^[a-z][a-z0-9_]*$/.test(name));
  if (bad.length > 0) throw new Error(`Service names are lower-case identifiers: ${bad.join(', ')}.`);
  const settingNames = catalogue.flatMap((spec) => (spec.settings ?? []).map((setting) => setting.env));
  const clashing = settingNames.filter((name, index) => settingNames.indexOf(name) !== index || name in envSchema.properties);
  if (clashing.length > 0) throw new Error(`Services declare the settings ${clashing.join(', ')} more than once, or as a platform variable.`);
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Reads the environment for the services of `catalogue` (the app's service catalogue; tests and
 * tools load it through app/app.config.ts).
 */
export function loadConfig(env: NodeJS.ProcessEnv, catalogue: readonly ServiceSpec[]): PlatformConfig {
  checkCatalogue(catalogue);
  const { validate: validateEnv, keys, settingKinds } = validatorFor(catalogue);
  const runnable = catalogue.filter((spec) => spec.runs);
  const SERVICE_NAMES = runnable.map((spec) => spec.name);
  const defaultPort = (name: string) => catalogue.find((spec) => spec.name === name)!.port;
  const relevant = Object.fromEntries(
    keys
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const problems = new Map<string, string>();
  if (!validateEnv(relevant)) {
    for (const error of validateEnv.errors ?? []) {
      const name = error.instancePath.slice(1) || 'environment';
      // One line per variable: a URL failing both `format` and `pattern` is said once.
      if (!problems.has(name)) problems.set(name, `${name}: ${(error.keyword === 'pattern' && patternMessage(name, settingKinds)) || (error.message ?? 'invalid')}`);
    }
  }
  const get = (key: string): string | undefined => (problems.has(key) ? undefined : relevant[key]);
  const nodeEnv = (get('NODE_ENV') ?? 'development') as PlatformConfig['nodeEnv'];
  const host = get('HOST') ?? '127.0.0.1';
  const ports = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, Number(get(`${name.toUpperCase()}_PORT`) ?? defaultPort(name))]),
  ) as Record<ServiceName, number>;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const urls = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, get(`${name.toUpperCase()}_URL`) ?? `http://${urlHost}:${ports[name]}`]),
  ) as ServiceUrls;
  const servicesRaw = get('SERVICES') ?? 'all';
  const named = [...new Set(servicesRaw.split(',').map((name) => name.trim()))];
  const unknown = named.filter((name) => !(SERVICE_NAMES as readonly string[]).includes(name) && !(named.length === 1 && (SERVICE_SETS as readonly string[]).includes(name)));
  if (unknown.length > 0) problems.set('SERVICES', `SERVICES: unknown ${unknown.join(', ')}; use all, platform, or a list of ${SERVICE_NAMES.join(', ')}`);
  const services =
    servicesRaw === 'all' ? [...SERVICE_NAMES]
    : servicesRaw === 'platform' ? [...PLATFORM_SERVICES]
    : (named.filter((name) => !unknown.includes(name)) as ServiceName[]);

  // Rules across variables, reported with the rest.
  const sharedPorts = services.filter((name, index) => ports[name] !== 0 && services.findIndex((other) => ports[other] === ports[name]) !== index);
  for (const name of sharedPorts) {
    const first = services.find((other) => ports[other] === ports[name])!;
    problems.set(`${name.toUpperCase()}_PORT`, `${name.toUpperCase()}_PORT: ${ports[name]} is also ${first.toUpperCase()}_PORT; each service in one process needs its own port`);
  }
  const issuer = get('AUTH_ISSUER') ?? PLATFORM_TOKEN_ISSUER;
  const audience = get('AUTH_AUDIENCE') ?? PLATFORM_TOKEN_ISSUER;
  const jwksUrl = get('AUTH_JWKS_URL');
  // Adapters verify by public keys only: a process of adapters and sandboxes needs no secret.
  const holdsSecret = services.some((name) => !['adapter', 'sandbox'].includes(catalogue.find((spec) => spec.name === name)?.kind ?? ''));
  if (nodeEnv === 'production' && !jwksUrl && !get('AUTH_JWT_SECRET') && holdsSecret) {
    problems.set('AUTH_JWT_SECRET', 'AUTH_JWKS_URL or AUTH_JWT_SECRET is required when NODE_ENV=production');
  }
  const signingKey = get('AUTH_SIGNING_KEY');
  if (signingKey !== undefined) {
    try {
      parsePrivateKey(signingKey);
    } catch (error) {
      problems.set('AUTH_SIGNING_KEY', `AUTH_SIGNING_KEY: ${(error as Error).message}`);
    }
  }
  if (nodeEnv === 'production' && !relevant.AUTH_SIGNING_KEY && services.some((name) => (PLATFORM_SERVICES as readonly string[]).includes(name))) {
    problems.set('AUTH_SIGNING_KEY', 'AUTH_SIGNING_KEY is required when NODE_ENV=production and a platform service runs (every platform process signs and verifies with the same key pair)');
  }
  const adapterCredentials: Partial<Record<string, ClientCredentials>> = {};
  const adapters = catalogue.filter((spec) => spec.kind === 'adapter');
  for (const id of adapters.map((spec) => spec.name)) {
    const names = adapterCredentialEnvNames(id, catalogue);
    const clientId = get(names.clientId);
    const clientSecret = get(names.clientSecret);
    if ((clientId === undefined) !== (clientSecret === undefined) && !problems.has(names.clientId) && !problems.has(names.clientSecret)) {
      problems.set(names.clientId, `${names.clientId} and ${names.clientSecret} go together (npm run --silent credentials -- --adapter ${id} prints both)`);
    }
    if (clientId !== undefined && clientSecret !== undefined) adapterCredentials[id] = { clientId, clientSecret };
  }
  if (nodeEnv === 'production' && services.includes('configuration') && !get('CONFIG_ENCRYPTION_KEY')) {
    problems.set('CONFIG_ENCRYPTION_KEY', 'CONFIG_ENCRYPTION_KEY is required when NODE_ENV=production and the configuration service runs (secrets stay readable across machines and restarts)');
  }
  if (jwksUrl && !get('AUTH_ISSUER')) {
    problems.set('AUTH_ISSUER', "AUTH_ISSUER is required with AUTH_JWKS_URL (the identity provider's issuer)");
  }
  let outboundAllow: AllowEntry[] = [];
  try {
    outboundAllow = parseAllowList(get('OUTBOUND_ALLOW') ?? '');
  } catch (error) {
    problems.set('OUTBOUND_ALLOW', `OUTBOUND_ALLOW: ${(error as Error).message}`);
  }
  const otlpEndpoint = get('OTEL_EXPORTER_OTLP_ENDPOINT');
  const tracesExporter = (get('OTEL_TRACES_EXPORTER') ?? (otlpEndpoint ? 'otlp' : 'none')) as TelemetryConfig['tracesExporter'];
  if (tracesExporter === 'otlp' && !otlpEndpoint && !problems.has('OTEL_TRACES_EXPORTER')) {
    problems.set('OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_ENDPOINT is required with OTEL_TRACES_EXPORTER=otlp');
  }
  const checkoutTokenLifetimeS = Number(get('CHECKOUT_TOKEN_TTL_S') ?? 1800);
  if (checkoutTokenLifetimeS < 60 || checkoutTokenLifetimeS > 86_400) problems.set('CHECKOUT_TOKEN_TTL_S', 'CHECKOUT_TOKEN_TTL_S must be 60 to 86400 (seconds)');
  if (problems.size > 0) {
    throw new EnvError(`Invalid environment:\n  ${[...problems.values()].join('\n  ')}\nSee .env.example for every variable.`);
  }
  const auth: AuthConfig = jwksUrl
    ? { secret: get('AUTH_JWT_SECRET'), issuer: PLATFORM_TOKEN_ISSUER, audience: PLATFORM_TOKEN_ISSUER, jwks: { url: jwksUrl, issuer, audience }, signingKey, checkoutTokenLifetimeS }
    : { secret: get('AUTH_JWT_SECRET'), issuer, audience, signingKey, checkoutTokenLifetimeS };

  return {
    nodeEnv,
    logLevel: get('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    ...(get('LOG_FORMAT') === 'json' || get('LOG_FORMAT') === 'pretty' ? { logFormat: get('LOG_FORMAT') as 'json' | 'pretty' } : {}),
    host,
    databaseUrl: get('DATABASE_URL'),
    dataDir: get('DATA_DIR') ?? '.data',
    embeddedPostgresPort: Number(get('EMBEDDED_PG_PORT') ?? 54329),
    services,
    catalogue,
    ports,
    urls,
    adapterUrls: Object.fromEntries(
      adapters.map((spec) => [spec.name, spec.runs ? urls[spec.name] : (get(`${envBase(spec)}_URL`) ?? `http://${urlHost}:${spec.port}`)]),
    ) as Record<AdapterId, string>,
    bodyLimitBytes: Number(get('BODY_LIMIT_BYTES') ?? 1_048_576),
    shutdownGraceMs: Number(get('SHUTDOWN_GRACE_MS') ?? 10_000),
    shutdownDrainMs: Number(get('SHUTDOWN_DRAIN_MS') ?? 0),
    auth,
    engine: {
      hookTimeoutMs: Number(get('HOOK_TIMEOUT_MS') ?? CALLBACK_TIMEOUT_SETTINGS.HOOK_TIMEOUT_MS),
      cascadeLimit: Number(get('HOOK_CASCADE_LIMIT') ?? 16),
      validationTimeoutMs: Number(get('VALIDATION_TIMEOUT_MS') ?? CALLBACK_TIMEOUT_SETTINGS.VALIDATION_TIMEOUT_MS),
    },
    notifications: {
      timeoutMs: Number(get('NOTIFICATION_TIMEOUT_MS') ?? CALLBACK_TIMEOUT_SETTINGS.NOTIFICATION_TIMEOUT_MS),
      retryDelaysMs: (get('NOTIFICATION_RETRY_DELAYS_MS') ?? '1000,5000,30000,120000,600000,1800000,3600000').split(',').map(Number),
      concurrency: Number(get('NOTIFICATION_CONCURRENCY') ?? NOTIFICATION_CONCURRENCY),
      hostConcurrency: Number(get('NOTIFICATION_HOST_CONCURRENCY') ?? Math.max(1, Math.ceil(Number(get('NOTIFICATION_CONCURRENCY') ?? NOTIFICATION_CONCURRENCY) / 2))),
      pauseAfterFailures: Number(get('NOTIFICATION_RECEIVER_PAUSE_FAILURES') ?? 10),
      pauseAfterMs: Number(get('NOTIFICATION_RECEIVER_PAUSE_AFTER_MS') ?? 900_000),
      // A claimed job may wait for one call before its own: two timeouts, and time to record the outcome.
      leaseMs: Number(get('NOTIFICATION_LEASE_MS') ?? 2 * Number(get('NOTIFICATION_TIMEOUT_MS') ?? CALLBACK_TIMEOUT_SETTINGS.NOTIFICATION_TIMEOUT_MS) + 10_000),
      retention: {
        deliveredMs: Number(get('NOTIFICATION_RETENTION_DELIVERED_MS') ?? 3 * DAY_MS),
        deadMs: Number(get('NOTIFICATION_RETENTION_DEAD_MS') ?? 14 * DAY_MS),
        sweepEveryMs: Number(get('NOTIFICATION_RETENTION_SWEEP_MS') ?? 60_000),
      },
    },
    configEncryptionKey: get('CONFIG_ENCRYPTION_KEY'),
    graphql: Object.fromEntries(
      Object.entries(GRAPHQL_SETTINGS).map(([name, limit]) => [limit, Number(get(name) ?? DEFAULT_GRAPHQL_LIMITS[limit])]),
    ) as unknown as GraphQLLimits,
    adapterCredentials,
    platformJwksUrl: get('PLATFORM_JWKS_URL'),
    outboundAllow,
    gatewayInProcess: (get('GATEWAY_IN_PROCESS') ?? 'on') === 'on',
    gatewayFastPath: (get('GATEWAY_FAST_PATH') ?? 'on') === 'on',
    telemetry: { tracesExporter, otlpEndpoint, serviceName: get('OTEL_SERVICE_NAME') ?? 'checkout-platform', metricsToken: get('METRICS_TOKEN') },
    timeouts: Object.fromEntries(Object.entries(TIMEOUT_SETTINGS).map(([name, [field, ms]]) => [field, Number(get(name) ?? ms)])) as Timeouts,
    demoData: (get('DEMO_DATA') ?? (nodeEnv === 'production' ? 'off' : 'on')) === 'on',
    settings: Object.fromEntries(
      catalogue.map((spec) => [spec.name, Object.fromEntries((spec.settings ?? []).map((setting) => [setting.key, get(setting.env) === undefined ? setting.default : Number(get(setting.env))]))]),
    ),
    corsOrigins: corsOrigins(get('CORS_ORIGINS'), nodeEnv),
    explorer: (get('EXPLORER') ?? 'auto') as PlatformConfig['explorer'],
    admin: { gatewayUrl: get('ADMIN_GATEWAY_URL'), oidcClientId: get('ADMIN_OIDC_CLIENT_ID') },
    storefront: { merchant: get('STOREFRONT_MERCHANT') ?? 'demo', channel: get('STOREFRONT_CHANNEL') ?? 'demo', ...(get('STOREFRONT_TOKEN') ? { token: get('STOREFRONT_TOKEN') } : {}) },
  };
}
