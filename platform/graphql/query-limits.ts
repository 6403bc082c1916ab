import { badRequest } from '../errors/app-error.js';
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

/** Parsing stops past this many tokens: far above any real operation, far below a stack-exhausting one. */
export const GRAPHQL_PARSE_OPTIONS = { maxTokens: 2_000 } as const;

/** Deeper than any selection the schema needs (the order's deepest field is about eight levels down). */
export const MAX_QUERY_DEPTH = 20;

/**
 * A validation rule refusing operations nested deeper than `max` fields, fragments followed
 * (each fragment once per path, so cycles — refused elsewhere — cannot loop here).
 */
export function depthLimitRule(max = MAX_QUERY_DEPTH) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    /** The depth below `selectionSet`, found from `above`; stops going down once past `max`. */
    const depthOf = (selectionSet: SelectionSetNode | undefined, above: number, seen: Set<string>): number => {
      if (!selectionSet) return above;
      if (above >= max) return above + 1;
      let deepest = above;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          deepest = Math.max(deepest, selection.selectionSet ? depthOf(selection.selectionSet, above + 1, seen) : above + 1);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet, above, seen));
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          if (!fragment || seen.has(name)) continue;
          deepest = Math.max(deepest, depthOf(fragment.selectionSet, above, new Set([...seen, name])));
        }
        if (deepest > max) return deepest;
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, 0, new Set());
        if (depth > max) {
          context.reportError(
            new GraphQLError(`The operation${node.name ? ` ${node.name.value}` : ''} nests deeper than ${max} levels; at most ${max} are allowed.`, {
              nodes: [node],
              extensions: { code: 'QUERY_TOO_DEEP' },
            }),
          );
        }
      },
    };
  };
}

/** The parse and validation limits every Apollo server of the platform runs with (gateway and subgraphs). */
export const graphqlServerLimits = () => ({ parseOptions: GRAPHQL_PARSE_OPTIONS, validationRules: [depthLimitRule()] });

/** Listings page 1 to 200 items at a time; 50 when not asked. */
export function pageSize(first: number | null | undefined): number {
  if (first === null || first === undefined) return 50;
  if (!Number.isInteger(first) || first < 1 || first > 200) throw badRequest('invalid_page_size', `first must be between 1 and 200, not ${first}.`);
  return first;
}
