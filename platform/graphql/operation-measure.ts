import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode, type ValueNode } from 'graphql';

/** What running one operation would fan out to, counted on the document with every fragment spread in place. */
export interface OperationMeasure {
  /** Fields nested deepest (`{ a { b } }` is 2). */
  depth: number;
  /** Field selections, each counted once per place a fragment is spread (an upper bound of the work). */
  fields: number;
  /** Aliased field selections, counted like `fields`. */
  aliases: number;
  /** Fields at the operation's root (mutations run one after the other, each a full command). */
  rootFields: number;
  /** Arguments named `first`, `last` or `limit`: literal values, or the variable they name. */
  pageSizes: Array<number | { variable: string }>;
}

interface Shape {
  depth: number;
  fields: number;
  aliases: number;
  rootFields: number;
}

const PAGE_ARGUMENTS = new Set(['first', 'last', 'limit']);
/** Counts stop growing here: a fragment ladder reaches 2^60 and more, and only "over the limit" matters. */
const SATURATED = Number.MAX_SAFE_INTEGER;
const add = (a: number, b: number) => Math.min(SATURATED, a + b);

/**
 * Measures an operation in time linear in the document: each fragment's shape is computed once
 * and reused wherever it is spread, so `...F1 ...F1` on every level of a 60-level ladder costs 60
 * fragment walks, not 2^60. A fragment met again while it is being measured (a cycle, which
 * validation refuses anyway) counts as empty, so the walk always ends.
 */
export function measureOperation(document: DocumentNode, operation: OperationDefinitionNode): OperationMeasure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION && !fragments.has(definition.name.value)) fragments.set(definition.name.value, definition);
  }
  const shapes = new Map<string, Shape>();
  const inProgress = new Set<string>();
  const pageSizes: OperationMeasure['pageSizes'] = [];
  const EMPTY: Shape = { depth: 0, fields: 0, aliases: 0, rootFields: 0 };

  const pageSize = (value: ValueNode) => {
    if (value.kind === Kind.INT) pageSizes.push(Number(value.value));
    else if (value.kind === Kind.VARIABLE) pageSizes.push({ variable: value.name.value });
  };

  const fragmentShape = (name: string): Shape => {
    const known = shapes.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    if (!fragment || inProgress.has(name)) return EMPTY;
    inProgress.add(name);
    const shape = selectionShape(fragment.selectionSet);
    inProgress.delete(name);
    shapes.set(name, shape);
    return shape;
  };

  /** The shape below a selection set: `rootFields` are the fields at its own level, fragments included. */
  function selectionShape(selectionSet: SelectionSetNode): Shape {
    const shape = { depth: 0, fields: 0, aliases: 0, rootFields: 0 };
    for (const selection of selectionSet.selections) {
      let inner: Shape;
      if (selection.kind === Kind.FIELD) {
        for (const argument of selection.arguments ?? []) if (PAGE_ARGUMENTS.has(argument.name.value)) pageSize(argument.value);
        const below = selection.selectionSet ? selectionShape(selection.selectionSet) : EMPTY;
        inner = { depth: below.depth + 1, fields: add(below.fields, 1), aliases: add(below.aliases, selection.alias ? 1 : 0), rootFields: 1 };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = selectionShape(selection.selectionSet);
      } else {
        inner = fragmentShape(selection.name.value);
      }
      shape.depth = Math.max(shape.depth, inner.depth);
      shape.fields = add(shape.fields, inner.fields);
      shape.aliases = add(shape.aliases, inner.aliases);
      shape.rootFields = add(shape.rootFields, inner.rootFields);
    }
    return shape;
  }

  const shape = selectionShape(operation.selectionSet);
  return { ...shape, pageSizes };
}

/**
 * The operation a request runs, chosen as GraphQL does: the one named `operationName`, or the
 * only one. `undefined` with the reason when there is none to choose.
 */
export function chooseOperation(
  document: DocumentNode,
  operationName: string | undefined,
): { operation: OperationDefinitionNode } | { problem: 'unknown_operation' | 'operation_name_required' | 'no_operation' } {
  const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  if (operationName !== undefined) {
    const named = operations.find((operation) => operation.name?.value === operationName);
    return named ? { operation: named } : { problem: 'unknown_operation' };
  }
  if (operations.length === 1) return { operation: operations[0]! };
  return { problem: operations.length === 0 ? 'no_operation' : 'operation_name_required' };
}
