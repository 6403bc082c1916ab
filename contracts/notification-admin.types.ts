/**
 * The notification outbox as the admin reads it: events, failed and dead deliveries, receivers'
 * health (docs/events.md). The notification service's repositories answer these records and the
 * order subgraph's admin fields return them, so the shapes live here, where both may import them.
 */

/** An event record as the events API answers it (see docs/events.md). */
export interface EventRecord {
  id: string;
  sequence: number;
  orderId: string;
  merchant: string;
  channel: string;
  type: string;
  version: number | null;
  actor: string | null;
  data: unknown;
  createdAt: string;
}

/** `failed`: still queued after at least one failed attempt (retrying, or held by a paused receiver); `dead`: dead-lettered. */
export type DeliveryStatus = 'failed' | 'dead';

export interface DeliveryFilter {
  status?: DeliveryStatus;
  orderId?: string;
  receiverId?: string;
  notificationId?: string;
}

/** A delivery (an outbox job) as the admin API answers it (docs/events.md). */
export interface DeliveryRecord {
  id: string;
  orderId: string;
  orderVersion: number;
  kind: string;
  notificationId: string;
  invoke: string;
  receiver: { id: string | null; url: string; status: 'active' | 'paused' };
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  /** When a failed delivery is tried next; null when dead or held by a paused receiver. */
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryPage {
  items: DeliveryRecord[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export interface ReplayOutcome {
  /** Jobs put back in the queue with fresh attempts, oldest first. */
  jobIds: string[];
  /** Of those, the ones whose receiver is paused: they wait for its resume. */
  held: string[];
  /** Asked-for ids that are not a failed or dead delivery of this tenant (or are being delivered right now). */
  notReplayed: string[];
  /** A filter matched more than `limit` deliveries: call again for the next batch. */
  hasMore: boolean;
}

/** A receiver as the admin API answers it (docs/events.md, "Receivers"). */
export interface ReceiverRecord {
  id: string;
  url: string;
  status: 'active' | 'paused';
  consecutiveFailures: number;
  failingSince: string | null;
  lastError: string | null;
  lastFailureAt: string | null;
  lastSuccessAt: string | null;
  pausedAt: string | null;
  resumedAt: string | null;
  resumedBy: string | null;
  /** Jobs of this receiver still waiting to be delivered. */
  queued: number;
}

export interface ReceiverPage {
  items: ReceiverRecord[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export type ResumeOutcome = { kind: 'resumed'; receiver: ReceiverRecord; requeued: number } | { kind: 'missing' } | { kind: 'not_paused'; receiver: ReceiverRecord };
