import type { TokenClaims } from '../platform/auth/principal.js';
import type { BenchProcess } from './bench-process.js';

/** What every figure gets from the runner. */
export interface BenchContext {
  /** `--quick`: shorter phases and smaller workloads, for CI-like runs. */
  quick: boolean;
  /** The one-process stack under test (a child process). */
  stack: BenchProcess;
  urls: Record<string, string>;
  /** Environment shared by every child: the database and the token secret. */
  env: NodeJS.ProcessEnv;
  token(claims: TokenClaims): Promise<string>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
