import { parse, validate, type DocumentNode, type GraphQLError, type GraphQLSchema, type OperationTypeNode } from 'graphql';
import { chooseOperation } from '../platform/graphql/operation-measure.js';

/** An operation string parsed and validated once against one subgraph's schema. */
export type PreparedOperation =
  | { document: DocumentNode; type: OperationTypeNode | undefined; id: string; errors?: undefined }
  | { document?: undefined; type?: undefined; errors: readonly GraphQLError[] };

/**
 * The gateway sends a handful of distinct operations per subgraph (one per planned fetch of each
 * cached query plan), so parsing and validating each call anew is pure waste. Bounded: the oldest
 * text goes first once `max` distinct operations were seen.
 */
export class SubgraphDocumentCache {
  /** By operation text, then by operation name: the plan's texts are the same strings call after call, so no key is built and hashed per call. */
  private readonly prepared = new Map<string, Map<string, PreparedOperation>>();
  private size = 0;
  private nextId = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly max = 1_000,
  ) {}

  get(source: string, operationName?: string | null): PreparedOperation {
    const name = operationName ?? '';
    const cached = this.prepared.get(source)?.get(name);
    if (cached) return cached;
    const prepared = this.prepare(source, operationName ?? undefined);
    if (this.size >= this.max) {
      // The oldest text goes first, with every name it was asked for.
      const [oldest, names] = this.prepared.entries().next().value!;
      this.prepared.delete(oldest);
      this.size -= names.size;
    }
    let names = this.prepared.get(source);
    if (!names) this.prepared.set(source, (names = new Map()));
    names.set(name, prepared);
    this.size++;
    return prepared;
  }

  private prepare(source: string, operationName: string | undefined): PreparedOperation {
    let document: DocumentNode;
    try {
      document = parse(source);
    } catch (error) {
      return { errors: [error as GraphQLError] };
    }
    const errors = validate(this.schema, document);
    if (errors.length > 0) return { errors };
    const chosen = chooseOperation(document, operationName);
    // A short identity of the operation text and name (in-flight merge keys use it instead of the text).
    return { document, type: 'operation' in chosen ? chosen.operation.operation : undefined, id: `#${this.nextId++}` };
  }
}
