import {
  GraphQLError,
  GraphQLID,
  Kind,
  print,
  valueFromAST,
  type DocumentNode,
  type FieldNode,
  type OperationDefinitionNode,
} from 'graphql';

export const VERSION_VARIABLE = 'checkoutOrderVersion';

export interface OrderSubscription {
  orderId: string;
  /** The client's selection as a query of `order(id, version)`, answered under the client's response key. */
  query: string;
  variables: Record<string, unknown>;
}

/**
 * Turns `subscription { orderChanged(id: …) { …selection } }` into the query
 * `query { orderChanged: order(id: …, version: $v) { …selection } }`, so each event is resolved
 * through the gateway as of its version, with every federated field the client selected.
 */
export function toOrderQuery(document: DocumentNode, variables: Record<string, unknown>, operationName?: string | null): OrderSubscription {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!operation) throw new GraphQLError('Name the operation to run (operationName).', { extensions: { code: 'BAD_REQUEST' } });
  const fields = operation.selectionSet.selections;
  const field = fields[0];
  if (fields.length !== 1 || field?.kind !== Kind.FIELD || field.name.value !== 'orderChanged') {
    throw new GraphQLError('A subscription selects exactly one field: orderChanged(id).', { extensions: { code: 'BAD_REQUEST' } });
  }
  const idArgument = field.arguments?.find((argument) => argument.name.value === 'id');
  const orderId = idArgument ? valueFromAST(idArgument.value, GraphQLID, variables) : undefined;
  if (typeof orderId !== 'string' || orderId === '') throw new GraphQLError('orderChanged needs an order id.', { extensions: { code: 'BAD_USER_INPUT' } });

  const orderField: FieldNode = {
    ...field,
    alias: field.alias ?? { kind: Kind.NAME, value: 'orderChanged' },
    name: { kind: Kind.NAME, value: 'order' },
    arguments: [
      { kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: 'id' }, value: idArgument!.value },
      { kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: 'version' }, value: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: VERSION_VARIABLE } } },
    ],
  };
  const query: OperationDefinitionNode = {
    ...operation,
    operation: 'query' as OperationDefinitionNode['operation'],
    variableDefinitions: [
      ...(operation.variableDefinitions ?? []),
      {
        kind: Kind.VARIABLE_DEFINITION,
        variable: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: VERSION_VARIABLE } },
        type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: 'Int' } },
      },
    ],
    selectionSet: { ...operation.selectionSet, selections: [orderField] },
  };
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  return { orderId, query: print({ kind: Kind.DOCUMENT, definitions: [query, ...fragments] }), variables };
}
