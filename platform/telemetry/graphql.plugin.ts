import type { ApolloServerPlugin } from '@apollo/server';
import { trace } from '@opentelemetry/api';
import { graphqlMetrics } from './metrics.js';
import { currentScope, isOperationName } from './request-scope.js';

/** Distinct operation names a service labels its metrics with; later ones count as `other`. */
const MAX_OPERATION_NAMES = 200;

/**
 * GraphQL's part of the operators' view, on the gateway and every subgraph: the operation name
 * joins the request's log fields (unless a calling service already named the operation) and
 * its span, and each operation is counted and timed by name, type and outcome.
 */
export function graphqlTelemetryPlugin(service: string): ApolloServerPlugin {
  const metrics = graphqlMetrics(service);
  const names = new Set<string>();
  const label = (name: string | null | undefined) => {
    if (!name) return 'anonymous';
    if (!isOperationName(name)) return 'other';
    if (names.has(name)) return name;
    if (names.size >= MAX_OPERATION_NAMES) return 'other';
    names.add(name);
    return name;
  };
  return {
    async requestDidStart() {
      const started = performance.now();
      let operation = 'anonymous';
      let type = 'unknown';
      return {
        async didResolveOperation({ operationName, operation: definition }) {
          operation = label(operationName);
          type = definition?.operation ?? 'unknown';
          const scope = currentScope();
          if (scope && !scope.operationName && isOperationName(operationName)) scope.operationName = operationName;
          trace.getActiveSpan()?.setAttributes({ 'graphql.operation.name': operationName ?? '', 'graphql.operation.type': type });
        },
        async willSendResponse({ response, errors }) {
          const failed = (errors?.length ?? 0) > 0 || (response.body.kind === 'single' && (response.body.singleResult.errors?.length ?? 0) > 0);
          metrics.operations.inc({ operation, type, outcome: failed ? 'error' : 'ok' });
          metrics.duration.observe({ operation, type }, (performance.now() - started) / 1000);
        },
      };
    },
  };
}
