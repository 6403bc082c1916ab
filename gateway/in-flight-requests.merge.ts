import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayContext } from './gateway.context.js';

/** What a subgraph call answers. */
export type SubgraphResponse = Awaited<ReturnType<GraphQLDataSource['process']>>;

interface InFlight<T> {
  promise: Promise<T>;
  callers: number;
}

/** What identifies a shareable subgraph call: who asks (`GatewayContext.caller`) and what (subgraph, operation, variables). */
export interface MergeKey {
  caller: string;
  call: string;
}

/**
 * Identical subgraph reads in flight at the same moment share one execution: many readers of one
 * order cost the subgraph one resolution. Only reads of the same caller identity are merged (see
 * `mergeKey`); nothing is cached once the execution settles. Calls are kept per caller, so the
 * long part of a key (the caller's token) is hashed once per request, not once per call.
 */
export class InFlightRequests<T> {
  private readonly pending = new Map<string, Map<string, InFlight<T>>>();
  /** Executions started, and calls that joined one already running (observability, benchmarks). */
  readonly counts = { executed: 0, merged: 0 };

  /** `copy` gives each caller of a shared execution its own answer (see `copyResponse`). */
  constructor(private readonly copy: (value: T) => T = structuredClone) {}

  run(key: MergeKey | undefined, execute: () => Promise<T>): Promise<T> {
    if (key === undefined) {
      this.counts.executed++;
      return execute();
    }
    let calls = this.pending.get(key.caller);
    if (!calls) this.pending.set(key.caller, (calls = new Map()));
    let entry = calls.get(key.call);
    if (entry) this.counts.merged++;
    else {
      this.counts.executed++;
      const callsOfCaller = calls;
      const created: InFlight<T> = {
        promise: execute().finally(() => {
          callsOfCaller.delete(key.call);
          if (callsOfCaller.size === 0 && this.pending.get(key.caller) === callsOfCaller) this.pending.delete(key.caller);
        }),
        callers: 0,
      };
      calls.set(key.call, created);
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

/**
 * The identity of a subgraph call that may be shared, or undefined when it must run on its own:
 * anything but a fetch of an incoming query (mutations, and the fetches that follow one, read or
 * write state the caller just changed). Same caller (`GatewayContext.caller`: principal, tenant,
 * forwarded headers other than the trace ones), subgraph, operation and variables. `operation`
 * names the operation (its name and text) when the caller has a shorter identity for it than the
 * text. The subgraph's name has no line break and the operation is JSON or an id; the variables
 * JSON come last: no two different calls share a key.
 */
export function mergeKey(subgraph: string, options: GraphQLDataSourceProcessOptions<GatewayContext>, operation?: string): MergeKey | undefined {
  if (!servesIncomingQuery(options)) return undefined;
  return queryMergeKey(subgraph, (options.context as Partial<GatewayContext>).caller, options.request, operation);
}

/** A fetch of an incoming query: the only calls that may be shared. */
export const servesIncomingQuery = (options: GraphQLDataSourceProcessOptions): boolean =>
  'incomingRequestContext' in options && options.incomingRequestContext.operation?.operation === 'query';

/** The identity of a call known to serve an incoming query (see `mergeKey`). */
export function queryMergeKey(subgraph: string, caller: string | undefined, request: GraphQLDataSourceProcessOptions['request'], operation?: string): MergeKey | undefined {
  if (caller === undefined || !request.query) return undefined;
  const named = operation ?? JSON.stringify([request.operationName ?? null, request.query]);
  return { caller, call: `${subgraph}\n${named}\n${JSON.stringify(request.variables ?? null)}` };
}
