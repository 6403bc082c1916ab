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
  times?: number;
}

/** What a request must do after consulting the injector. */
export type FailureOutcome = { kind: 'none' } | { kind: 'drop' };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
    if (rule.delayMs > 0) await sleep(rule.delayMs);
    if (rule.dropConnection) return { kind: 'drop' };
    if (rule.status !== undefined) {
      throw new AppError(rule.status, rule.code, rule.message, { injected: true, operation, ruleId: rule.id });
    }
    return { kind: 'none' };
  }
}
