import { amountChangedCheck, coversRestCheck, createCheck, getPaymentCheck, secondIntentCheck } from './checks/create-payment.check.js';
import { callbacksAcceptPlatformCheck, callbacksRefuseOutsidersCheck } from './checks/callback-auth.check.js';
import { cancelCallbackCheck } from './checks/cancel-callback.check.js';
import type { Check } from './checks/check.js';
import { processAbortCheck } from './checks/lifecycle.check.js';
import { missingConfigurationCheck } from './checks/missing-configuration.check.js';
import { schemaCheck } from './checks/schema.check.js';
import { ConformanceContext } from './conformance.context.js';
import { CheckFailure, CheckSkipped, type CheckResult, type ConformanceTarget, type PlatformAccess } from './conformance.types.js';

/** In order: later checks use the order and payment `create` made. The callbacks are tried before amount-changed moves the amount. */
export const CHECKS: readonly Check[] = [
  schemaCheck,
  missingConfigurationCheck,
  createCheck,
  coversRestCheck,
  secondIntentCheck,
  getPaymentCheck,
  callbacksRefuseOutsidersCheck,
  callbacksAcceptPlatformCheck,
  amountChangedCheck,
  cancelCallbackCheck,
  processAbortCheck,
];

/** The kinds of adapter that take payments (docs/adapter-kit.md, "Manifest"): the contract these checks test is theirs. */
const PAYMENT_KINDS: readonly string[] = ['payment', 'giftcard'];

/** The checks of the payment contract proper: they need the adapter to create payments. */
const PAYMENT_CONTRACT: ReadonlySet<Check> = new Set([missingConfigurationCheck, createCheck, coversRestCheck, secondIntentCheck, getPaymentCheck, amountChangedCheck, cancelCallbackCheck, processAbortCheck]);

/**
 * Runs every check against the adapter; `onResult` sees each line as it is decided. An adapter
 * whose manifest (`/.well-known/adapter.json`) names a kind that takes no payments (the commerce
 * adapter) skips the payment contract's checks, with the reason; the others still run.
 */
export async function runConformance(target: ConformanceTarget, platform: PlatformAccess, onResult: (result: CheckResult) => void = () => {}): Promise<CheckResult[]> {
  const context = new ConformanceContext(target, platform);
  const kind = await context.declaredKind();
  const notPayments = kind !== undefined && !PAYMENT_KINDS.includes(kind) ? `${target.adapterId} is a ${kind} adapter (its /.well-known/adapter.json): it takes no payments` : undefined;
  const results: CheckResult[] = [];
  for (const check of CHECKS) {
    let result: CheckResult;
    if (notPayments && PAYMENT_CONTRACT.has(check)) {
      result = { name: check.name, status: 'skip', detail: notPayments };
      results.push(result);
      onResult(result);
      continue;
    }
    try {
      const note = await check.run(context);
      result = { name: check.name, status: 'pass', ...(note ? { detail: note } : {}) };
    } catch (error) {
      const status = error instanceof CheckSkipped ? 'skip' : 'fail';
      const detail = error instanceof CheckFailure || error instanceof CheckSkipped ? error.message : `error: ${(error as Error).message}`;
      result = { name: check.name, status, detail };
    }
    results.push(result);
    onResult(result);
  }
  return results;
}

/** One line of the report. */
export const formatResult = (result: CheckResult): string => `${result.status.toUpperCase().padEnd(4)} ${result.name}${result.detail ? ` — ${result.detail}` : ''}`;
