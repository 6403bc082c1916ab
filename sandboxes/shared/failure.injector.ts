import { randomUUID } from 'node:crypto';
import { AppError } from '../../platform/errors/app-error.js';

/** One injected failure: what to break, how, and how many more times. */
export interface FailureRule {
  id: string;
  /** Operation name (see each sandbox's list) or `*` for every operation. */
  operation: string;
  /** HTTP status to answer with; absent when the rule only delays or drops the connection. */
  status?: number;
  code: string;
  message: string;
  /** Wait this long before answering (or before failing): simulates a slow or hanging system. */
  delayMs: number;
  /** Destroy the connection without an answer (a network failure). */
  dropConnection: boolean;
  /**
   * The answer is lost, not the request: the operation is done (money moves), then its answer is
   * delayed, dropped or replaced by the error — what a caller sees when the network fails on the
   * way back. A retry then shows whether the caller's idempotency key makes the system do it once.
   */
  afterApplying: boolean;
  /** Requests still to affect; 0 means until the rule is deleted. */
  remaining: number;
  /** Requests this rule has affected so far. */
  hits: number;
}

export interface FailureRuleInput {
  operation: string;
  status?: number;
  code?: string;
  message?: string;
  delayMs?: number;
  dropConnection?: boolean;
  afterApplying?: boolean;
  times?: number;
}

/** What a request must do after consulting the injector. */
export type FailureOutcome = { kind: 'none' } | { kind: 'drop' } | { kind: 'loseAnswer'; rule: FailureRule };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loses the answer of a request its rule let through (`afterApplying`): waits the rule's delay,
 * then drops the connection (true: the caller must not send the answer) or replaces the answer by
 * the rule's error (`{code, message}` with its status); a rule with neither only delays it.
 */
export async function loseAnswer(rule: FailureRule): Promise<{ drop: true } | { drop: false; status?: number; body?: string }> {
  if (rule.delayMs > 0) await sleep(rule.delayMs);
  if (rule.dropConnection) return { drop: true };
  if (rule.status === undefined) return { drop: false };
  return { drop: false, status: rule.status, body: JSON.stringify({ code: rule.code, message: rule.message, details: { injected: true, operation: rule.operation, ruleId: rule.id, applied: true } }) };
}

/**
 * Failure injection for a sandbox: tests register rules (`POST /api/sandbox/failures`) and the
 * next matching requests are delayed, answered with an error, or dropped. Rules are consumed in
 * the order they were added.
 */
export class FailureInjector {
  private rules: FailureRule[] = [];

  constructor(readonly operations: readonly string[]) {}

  add(input: FailureRuleInput): FailureRule {
    const status = input.status;
    const rule: FailureRule = {
      id: randomUUID(),
      operation: input.operation,
      ...(status === undefined ? {} : { status }),
      code: input.code ?? (status !== undefined && status >= 500 ? 'service_unavailable' : 'injected_failure'),
      message: input.message ?? `Injected failure for ${input.operation}.`,
      delayMs: input.delayMs ?? 0,
      dropConnection: input.dropConnection ?? false,
      afterApplying: input.afterApplying ?? false,
      remaining: input.times ?? 1,
      hits: 0,
    };
    this.rules.push(rule);
    return rule;
  }

  list(): FailureRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length < before;
  }

  clear(): number {
    const count = this.rules.length;
    this.rules = [];
    return count;
  }

  /**
   * Consumes the first rule matching `operation`: waits its delay, then throws its error (an
   * AppError the app answers as JSON) or tells the caller to drop the connection.
   */
  async apply(operation: string): Promise<FailureOutcome> {
    const rule = this.rules.find((candidate) => candidate.operation === operation || candidate.operation === '*');
    if (!rule) return { kind: 'none' };
    rule.hits += 1;
    if (rule.remaining > 0) {
      rule.remaining -= 1;
      if (rule.remaining === 0) this.rules = this.rules.filter((candidate) => candidate !== rule);
    }
    // Done first, broken after: the caller (the app's onSend) loses the answer with `lose`.
    if (rule.afterApplying) return { kind: 'loseAnswer', rule: { ...rule } };
    if (rule.delayMs > 0) await sleep(rule.delayMs);
    if (rule.dropConnection) return { kind: 'drop' };
    if (rule.status !== undefined) {
      throw new AppError(rule.status, rule.code, rule.message, { injected: true, operation, ruleId: rule.id });
    }
    return { kind: 'none' };
  }
}
