import { parse, type OperationTypeNode } from 'graphql';
import { chooseOperation, measureOperation, type OperationMeasure } from './operation-measure.js';
import { OperationTextCache } from './operation-text.cache.js';

/**
 * What the HTTP guard needs of an operation text: the chosen operation's type and measure (not
 * its syntax tree, which would keep a long text's whole document alive), or why there is none.
 */
export type MeasuredOperation =
  | { type: OperationTypeNode; measure: OperationMeasure; problem?: undefined }
  | { problem: 'unknown_operation' | 'operation_name_required' | 'no_operation' }
  /** GraphQL cannot read the text (a syntax error, too many tokens): left to GraphQL to answer. */
  | { problem: 'unparseable' };

/**
 * The guard's reading of each operation text, remembered: clients send the same few documents
 * with every request, and parsing and measuring one anew per request was a twentieth of a
 * gateway request's CPU (docs/benchmarks.md). Only the variables differ per request, and the
 * guard checks those each time. Bounded by entries and by text length (longer texts are read
 * anew each time); the oldest entry goes first. An entry holds the text (its key) and a few numbers.
 */
export class MeasuredOperations {
  private readonly entries: OperationTextCache<MeasuredOperation>;

  constructor(
    max = 1_000,
    private readonly maxTextLength = 10_000,
  ) {
    this.entries = new OperationTextCache(max);
  }

  get(query: string, operationName: string | undefined, maxTokens: number): MeasuredOperation {
    if (query.length > this.maxTextLength) return measure(query, operationName, maxTokens);
    return this.entries.get(query, `${maxTokens}\n${operationName ?? ''}`, () => measure(query, operationName, maxTokens));
  }
}

function measure(query: string, operationName: string | undefined, maxTokens: number): MeasuredOperation {
  let document;
  try {
    document = parse(query, { maxTokens });
  } catch {
    return { problem: 'unparseable' };
  }
  const chosen = chooseOperation(document, operationName);
  if ('problem' in chosen) return { problem: chosen.problem };
  return { type: chosen.operation.operation, measure: measureOperation(document, chosen.operation) };
}
