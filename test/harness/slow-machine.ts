/** The time bounds for tests that count writers and calls on a loaded machine (the whole suite on 2 cores), for a test system and its replicas alike. */
import { outboundTimeoutSettings } from '../../platform/env/env.config.js';
import { DEFAULT_GRAPHQL_LIMITS } from '../../platform/graphql/query-limits.js';
import { SERVICE_SPECS } from '../../app/service.catalogue.js';

/** How much longer than its default a bound is, and the least it is: a call answering late on a loaded machine must not read as a refusal. */
const FACTOR = 4;
const AT_LEAST_MS = 20_000;
const MOST_MS = 999_999;
const raised = (ms: number) => String(Math.min(MOST_MS, Math.max(ms * FACTOR, AT_LEAST_MS)));

/**
 * Every outbound timeout of the platform, its adapters and its sandboxes (outboundTimeoutSettings:
 * hooks, validations, notifications, the platform's calls between its services and adapters, each
 * manifest's provider and merchant calls) raised, and the GraphQL request deadline with them (a
 * request must outlast the calls it makes). What these tests check is who calls and writes how
 * often, not how fast.
 */
export const SLOW_MACHINE: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(outboundTimeoutSettings(SERVICE_SPECS)).map(([name, ms]) => [name, raised(ms)])),
  GRAPHQL_DEADLINE_MS: raised(DEFAULT_GRAPHQL_LIMITS.deadlineMs),
};
