import { parse, validate, type DocumentNode, type GraphQLError, type GraphQLSchema, type OperationTypeNode } from 'graphql';
import { chooseOperation } from '../platform/graphql/operation-measure.js';
import { OperationTextCache } from '../platform/graphql/operation-text.cache.js';

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
  /** By the plan's operation text, then by operation name (the texts are the same strings call after call). */
  private readonly prepared: OperationTextCache<PreparedOperation>;
  private nextId = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    max = 1_000,
  ) {
    this.prepared = new OperationTextCache(max);
  }

  get(source: string, operationName?: string | null): PreparedOperation {
    return this.prepared.get(source, operationName ?? '', () => this.prepare(source, operationName ?? undefined));
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
