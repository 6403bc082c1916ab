import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';

/**
 * Apollo's plan executor turns the incoming operation into its own representation (the
 * federation library's `operationFromDocument`) on every request, to shape the merged result,
 * although Apollo Server hands it the same parsed document for every request of one query text.
 * On a two-subgraph query that conversion was about a tenth of the gateway's CPU per request.
 *
 * `reusePlannedOperations` makes the conversion the executor asks for (a document of one
 * operation and its fragments, not validated again) happen once per parsed operation and schema:
 * the result depends on nothing else, and nothing mutates it afterwards (result shaping reads
 * it). Kept per operation node and schema in weak maps, so a document Apollo's cache lets go of,
 * or a schema replaced by a new supergraph, takes its entry with it. Conversions that fail are not
 * kept (each request gets its own error), and every other use of the function (query planning,
 * which validates) runs as it is.
 *
 * The executor reads the function from the library's module exports at each call; the wrapper
 * is installed there once per process, and reuses only for plan executions run through
 * `withPlannedOperationReuse` (the fast path's, GATEWAY_FAST_PATH): a flag-off gateway in the
 * same process converts as the library does. When a library version no longer exposes the
 * function that way, the gateway runs as before (`reusePlannedOperations` gives false, and
 * `test/gateway-single-fetch.test.ts` fails; `test/gateway-fast-path.test.ts` pins the version).
 */
type Convert = (schema: object, document: DocumentNode, options?: { operationName?: string; validate?: boolean }) => unknown;

interface Kept {
  /** The fragment nodes the conversion saw, in order: a document with other fragments converts anew. */
  fragments: readonly unknown[];
  operation: unknown;
}

// The copy of the federation library the gateway package itself loads.
const gatewayRequire = createRequire(createRequire(import.meta.url).resolve('@apollo/gateway'));
const operations = gatewayRequire('@apollo/federation-internals/dist/operations') as { operationFromDocument: Convert & { reused?: true } };
const kept = new WeakMap<object, WeakMap<OperationDefinitionNode, Kept>>();
export const plannedOperationStats = { converted: 0, reused: 0 };
const reusing = new AsyncLocalStorage<true>();

/** Runs a plan execution whose operation conversion may be reused (once `reusePlannedOperations` is installed). */
export const withPlannedOperationReuse = <T>(execute: () => T): T => reusing.run(true, execute);

function reusable(convert: Convert): Convert {
  const wrapped: Convert = (schema, document, options) => {
    const [first, ...fragments] = document.definitions;
    if (!reusing.getStore() || options?.validate !== false || options.operationName !== undefined || first?.kind !== Kind.OPERATION_DEFINITION || fragments.some((d) => d.kind !== Kind.FRAGMENT_DEFINITION)) {
      return convert(schema, document, options);
    }
    let bySchema = kept.get(schema);
    if (!bySchema) kept.set(schema, (bySchema = new WeakMap()));
    const found = bySchema.get(first);
    if (found && found.fragments.length === fragments.length && found.fragments.every((fragment, i) => fragment === fragments[i])) {
      plannedOperationStats.reused++;
      return found.operation;
    }
    const operation = convert(schema, document, options);
    plannedOperationStats.converted++;
    bySchema.set(first, { fragments, operation });
    return operation;
  };
  return Object.assign(wrapped, { reused: true as const });
}

/** Installs the reuse once per process; true when the library's executor will see it. */
export function reusePlannedOperations(): boolean {
  const descriptor = Object.getOwnPropertyDescriptor(operations, 'operationFromDocument');
  if (!descriptor?.writable || typeof operations.operationFromDocument !== 'function') return false;
  if (!operations.operationFromDocument.reused) operations.operationFromDocument = reusable(operations.operationFromDocument);
  return true;
}
