import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { TRACE_HEADERS } from '../platform/http/trace-headers.js';
import type { GatewayContext } from './gateway.context.js';

/** What a subgraph call answers. */
export type SubgraphResponse = Awaited<ReturnType<GraphQLDataSource['process']>>;

interface InFlight<T> {
  promise: Promise<T>;
  callers: number;
}

/**
 * Identical subgraph reads in flight at the same moment share one execution: many readers of one
 * order cost the subgraph one resolution. Only reads of the same caller identity are merged (see
 * `mergeKey`); nothing is cached once the execution settles.
 */
export class InFlightRequests<T> {
  private readonly pending = new Map<string, InFlight<T>>();
  /** Executions started, and calls that joined one already running (observability, benchmarks). */
  readonly counts = { executed: 0, merged: 0 };

  /** `copy` gives each caller of a shared execution its own answer (see `copyResponse`). */
  constructor(private readonly copy: (value: T) => T = structuredClone) {}

  run(key: string | undefined, execute: () => Promise<T>): Promise<T> {
    if (key === undefined) {
      this.counts.executed++;
      return execute();
    }
    let entry = this.pending.get(key);
    if (entry) this.counts.merged++;
    else {
      this.counts.executed++;
      const created: InFlight<T> = { promise: execute().finally(() => this.pending.delete(key)), callers: 0 };
      this.pending.set(key, created);
      entry = created;
    }
    entry.callers++;
    const shared = entry;
    // The gateway merges later fetches into the objects it gets back, so callers of a shared
    // execution each get their own copy; the settled key is gone before any caller resumes.
    return shared.promise.then((result) => (shared.callers > 1 ? this.copy(result) : result));
  }
}

/**
 * A caller's own copy of a shared subgraph answer: its data and errors (what the gateway merges
 * into and reads); the HTTP response it came with, if any, is shared as it is (it holds methods).
 */
export function copyResponse(response: SubgraphResponse): SubgraphResponse {
  const { data, errors, extensions } = response;
  return { ...response, ...(data === undefined ? {} : { data: structuredClone(data) }), ...(errors === undefined ? {} : { errors: structuredClone(errors) }), ...(extensions === undefined ? {} : { extensions: structuredClone(extensions) }) };
}

const traceHeaders: ReadonlySet<string> = new Set(TRACE_HEADERS);

/** A text and its length: self-delimiting, so parts written one after another cannot run into each other. */
const part = (text: string) => `${text.length}:${text}`;

/** The caller's part of a merge key: principal, tenant, and the forwarded headers other than the trace ones. */
function callerIdentity(context: Partial<GatewayContext> & Pick<GatewayContext, 'auth'>): string {
  const { principal, tenant } = context.auth;
  let identity = JSON.stringify(principal) + part(tenant.merchant) + part(tenant.channel);
  const forward = context.forward ?? {};
  for (const name of Object.keys(forward).sort()) if (!traceHeaders.has(name)) identity += part(name) + part(forward[name]!);
  return identity;
}

/**
 * The identity of a subgraph call that may be shared, or undefined when it must run on its own:
 * anything but a fetch of an incoming query (mutations, and the fetches that follow one, read or
 * write state the caller just changed). Same subgraph, operation, variables, caller (principal and
 * tenant) and forwarded headers other than the trace ones. `operation` names the operation (its
 * name and text) when the caller has a shorter identity for it than the text. The subgraph's
 * name has no line break and the operation is JSON or an id; the caller's part is JSON and
 * length-prefixed texts; the variables JSON come last: no two different calls share a key.
 */
export function mergeKey(subgraph: string, options: GraphQLDataSourceProcessOptions<GatewayContext>, operation?: string): string | undefined {
  if (!('incomingRequestContext' in options) || options.incomingRequestContext.operation?.operation !== 'query') return undefined;
  const { request } = options;
  const context = options.context as Partial<GatewayContext>;
  if (!context.auth || !request.query) return undefined;
  const named = operation ?? JSON.stringify([request.operationName ?? null, request.query]);
  return `${subgraph}\n${named}\n${callerIdentity(context as Partial<GatewayContext> & Pick<GatewayContext, 'auth'>)}\n${JSON.stringify(request.variables ?? null)}`;
}
