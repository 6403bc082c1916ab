import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SpanKind } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-node';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { dataOf, graphql, rest } from '../harness/http.js';
import { CompleteCheckoutDocument, JourneyAddGiftCardDocument, JourneyCreateOrderDocument, JourneySetBillingDocument, StartNonPspPaymentDocument } from '../generated/graphql.js';
import { eventually } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { STATIC_NOTIFICATIONS_SCHEMA_ID } from '../../subgraphs/configuration/local-schemas.js';
import { BILLING, openShop, type Shop } from '../journey/journey-setup.js';
import { traceTree } from './trace-tree.js';

/**
 * One checkout's completion as a trace (in-memory exporter): the storefront's mutation enters
 * the gateway, crosses to the adapter subgraph over HTTP, on to the non-PSP adapter, back to the
 * order service, whose hooks and payment callbacks reach the gift card and commerce adapters and,
 * through them, the sandboxes (the gift card commit among them, inside the move to completed);
 * the commit queues notifications (a static receiver, the commerce export) whose deliveries
 * through the outbox, after the request has ended, continue the same trace — all in the trace
 * the storefront started.
 */
let system: TestSystem;
let shop: Shop;
let erp: TestAdapter;

beforeAll(async () => {
  system = await startTestSystem({ env: { OTEL_TRACES_EXPORTER: 'memory', GATEWAY_IN_PROCESS: 'off' } });
  shop = await openShop(system, 'm-trace-flow');
  erp = await TestAdapter.start();
  const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${shop.tenant.merchant}/channels/web/configurations/static_notifications`, {
    token: shop.adminToken,
    ...shop.tenant,
    body: {
      $schema: STATIC_NOTIFICATIONS_SCHEMA_ID,
      id: 'static_notifications',
      order: { notifications: [{ reference: 'erp', scope: '/state/currentStatus', schema: { enum: ['completed'] }, invoke: `${erp.url}/erp` }] },
    },
  });
  expect(put.status).toBe(201);
});
afterAll(async () => {
  await system?.close();
  await erp?.close();
});

const gql = async <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables, headers: Record<string, string> = {}) =>
  dataOf(await graphql(system.urls.gateway!, document, variables, { token: shop.storefrontToken, ...shop.tenant, headers }));

const TRACE_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const CALLER_SPAN = '1122334455667788';

const serverServices = (spans: readonly ReadableSpan[]) =>
  new Set(spans.filter((span) => span.kind === SpanKind.SERVER).map((span) => String(span.attributes['checkout.service'])));

/** Services whose server spans descend from an outbox delivery (a consumer span): the commerce export. */
const OUTBOX_HOPS = ['commerce_adapter', 'commerce-sandbox'];
function servedViaOutbox(spans: readonly ReadableSpan[]): string[] {
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
  const viaOutbox = (span: ReadableSpan): boolean => {
    for (let at = byId.get(span.parentSpanContext?.spanId ?? ''); at; at = byId.get(at.parentSpanContext?.spanId ?? '')) if (at.kind === SpanKind.CONSUMER) return true;
    return false;
  };
  return spans.filter((span) => span.kind === SpanKind.SERVER && viaOutbox(span)).map((span) => String(span.attributes['checkout.service']));
}

describe('a checkout as one trace', () => {
  it('shows every hop, the outbox included, under the trace id the storefront sent', async () => {
    const { createOrderFromBasket: order } = await gql(JourneyCreateOrderDocument, { input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' } });
    await gql(JourneySetBillingDocument, { id: order.id, a: BILLING });
    await gql(JourneyAddGiftCardDocument, { id: order.id, card: shop.cardId });
    const { startPayment } = await gql(StartNonPspPaymentDocument, { id: order.id });

    system.tracing.reset();
    const { completePayment } = await gql(
      CompleteCheckoutDocument,
      { id: order.id, p: startPayment.payment.id },
      { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`, 'x-request-id': 'obs-trace-1' },
    );
    expect(completePayment.status).toBe('completed');

    // The deliveries happen after the commit: wait for the export to be served.
    const trace = await eventually(async () => {
      const spans = system.tracing.finishedSpans().filter((span) => span.spanContext().traceId === TRACE_ID);
      const services = serverServices(spans);
      const delivered = spans.some((span) => span.name === 'deliver notification' && span.attributes['checkout.outcome'] === 'delivered');
      // Spans are recorded as they end: wait until no span's parent is still running.
      const ids = new Set([CALLER_SPAN, ...spans.map((span) => span.spanContext().spanId)]);
      const whole = spans.every((span) => ids.has(span.parentSpanContext?.spanId ?? ''));
      const outbox = servedViaOutbox(spans);
      return delivered && whole && OUTBOX_HOPS.every((service) => outbox.includes(service)) ? spans : undefined;
    }, 30_000);
    // The receiver was called in the trace too (the next hop would continue it).
    expect(erp.callsTo('/erp')[0]!.headers.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(erp.callsTo('/erp')[0]!.headers['x-request-id']).toBe('obs-trace-1');
    await eventually(async () => (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${shop.cardId}`)).body.committed === 100, 30_000);

    if (process.env.PRINT_TRACE) process.stdout.write(`${traceTree(trace)}\n`);
    // Every hop served a part of it, in the storefront's trace.
    expect([...serverServices(trace)].sort()).toEqual(
      expect.arrayContaining(['gateway', 'adapter', 'nonpsp_adapter', 'order', 'giftcard_adapter', 'commerce_adapter', 'giftcard-sandbox', 'commerce-sandbox']),
    );
    const names = trace.map((span) => span.name);
    expect(names).toEqual(expect.arrayContaining(['POST /graphql', 'subgraph adapter', 'deliver notification', 'POST notification']));
    expect(names.some((name) => name.startsWith('POST hook ') || name.startsWith('POST validation '))).toBe(true);

    // One tree: each span's parent is the storefront's span or another span of the trace.
    const ids = new Set(trace.map((span) => span.spanContext().spanId));
    for (const span of trace) expect([CALLER_SPAN, ...ids]).toContain(span.parentSpanContext?.spanId);
    const root = trace.find((span) => span.parentSpanContext?.spanId === CALLER_SPAN)!;
    expect(root).toMatchObject({ name: 'POST /graphql', kind: SpanKind.SERVER, attributes: expect.objectContaining({ 'checkout.service': 'gateway', 'graphql.operation.name': 'CompleteCheckout' }) });

    // Through the outbox, the commerce export reached its adapter (and the sandbox behind it); the
    // gift card commit was served inside the request (confirm, in the move to completed), not through the outbox.
    expect(servedViaOutbox(trace)).toEqual(expect.arrayContaining(OUTBOX_HOPS));
    expect(servedViaOutbox(trace)).not.toContain('giftcard-sandbox');

    // A delivery continues the request that queued it: its parent is a span of the committing request.
    const delivery = trace.find((span) => span.name === 'deliver notification')!;
    expect(delivery.kind).toBe(SpanKind.CONSUMER);
    expect(ids).toContain(delivery.parentSpanContext?.spanId);
    const row = await system.db.prisma.notificationJob.findFirst({ where: { orderId: order.id, traceContext: { not: undefined } }, orderBy: { id: 'desc' } });
    expect((row?.traceContext as Record<string, string>).traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(row?.traceContext).toMatchObject({ 'x-request-id': 'obs-trace-1' });

  });
});
