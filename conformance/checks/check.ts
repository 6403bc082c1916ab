import type { ConformanceContext } from '../conformance.context.js';

/** One line of the report: passes when `run` returns, fails on a CheckFailure, skips on a CheckSkipped. */
export interface Check {
  name: string;
  /** Returns a short note for the pass line, if any. */
  run(context: ConformanceContext): Promise<string | void>;
}
