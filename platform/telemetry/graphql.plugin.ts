import type { ApolloServerPlugin } from '@apollo/server';
import { trace } from '@opentelemetry/api';
import { graphqlMetrics } from './metrics.js';
import { currentScope, isOperationName } from './request-scope.js';

/** Distinct operation names a service labels its metrics with; later ones count as `other`. */
const MAX_OPERATION_NAMES = 200;

/** One operation as the operators see it: named once resolved, counted and timed once answered. */
export interface RecordedOperation {
  resolved(operationName: string | null | undefined, type: string): void;
  answered(failed: boolean): void;
}

/**
 * GraphQL's part of the operators' view, on the gateway and every subgraph: the operation name
 * joins the request's log fields (unless a calling service already named the operation) and
 * its span, and each operation is counted and timed by name, type and outcome. `plugin` records
 * what Apollo Server runs; `start` what a service answers without it (the gateway's direct route).
 */
export function graphqlOperationTelemetry(service: string): { plugin: ApolloServerPlugin; start(): RecordedOperation } {
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
  const start = (): RecordedOperation => {
    const started = performance.now();
    let operation = 'anonymous';
    let type = 'unknown';
    return {
      resolved(operationName, resolvedType) {
        operation = label(operationName);
        type = resolvedType;
        const scope = currentScope();
        if (scope && !scope.operationName && isOperationName(operationName)) scope.operationName = operationName;
        trace.getActiveSpan()?.setAttributes({ 'graphql.operation.name': operationName ?? '', 'graphql.operation.type': type });
      },
      answered(failed) {
        metrics.operations.inc({ operation, type, outcome: failed ? 'error' : 'ok' });
        metrics.duration.observe({ operation, type }, (performance.now() - started) / 1000);
      },
    };
  };
  const plugin: ApolloServerPlugin = {
    async requestDidStart() {
      const recorded = start();
      return {
        async didResolveOperation({ operationName, operation: definition }) {
          recorded.resolved(operationName, definition?.operation ?? 'unknown');
        },
        async willSendResponse({ response, errors }) {
          recorded.answered((errors?.length ?? 0) > 0 || (response.body.kind === 'single' && (response.body.singleResult.errors?.length ?? 0) > 0));
        },
      };
    },
  };
  return { plugin, start };
}

/** The telemetry plugin of a service that answers every operation through Apollo Server. */
export const graphqlTelemetryPlugin = (service: string): ApolloServerPlugin => graphqlOperationTelemetry(service).plugin;
