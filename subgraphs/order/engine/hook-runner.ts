import jsonPatch, { type Operation } from 'fast-json-patch';
import { AppError } from '../../../platform/errors/app-error.js';
import { cloneJson, findJsonHazard } from '../../../platform/http/json-guard.js';
import { ORDER_PARTS, changedMembers, isWithin, normalizePointer, topLevelOf } from '../domain/order-paths.js';
import { orderSchemaViolationsOfMembers } from '../domain/order-schema.validator.js';
import { orderAmountProblem } from '../domain/amount-precision.rules.js';
import { precisionText } from '../../../contracts/currency-exponents.js';
import { deriveFields } from '../domain/order-totals.js';
import { refusePaymentPatch, refuseStatePointer } from './hook-patch.rules.js';
import type { HookRequest } from '../../../contracts/callbacks.types.js';
import type { Hook, OrderDocument } from '../../../contracts/order.types.js';
import { callAdapter, JsonText, messageOf } from '../../../platform/outbound/adapter-call.js';
import { hookMetrics } from '../../../platform/telemetry/metrics.js';

export type VetoReason =
  | 'rejected'
  | 'timeout'
  | 'unreachable'
  | 'error_status'
  | 'malformed_response'
  | 'invalid_patch'
  | 'out_of_scope_patch'
  | 'invalid_order'
  | 'cascade_limit'
  | 'locked_order';

/** A hook refused the change (or could not be asked); nothing is committed. */
export class HookVeto extends AppError {
  constructor(
    readonly hook: Hook,
    readonly reason: VetoReason,
    readonly hookMessage: string,
    readonly httpStatus?: number,
  ) {
    super(400, 'hook_vetoed', `Hook ${hook.id} of ${hook.adapterId} refused the change: ${hookMessage}`, {
      hookId: hook.id,
      adapterId: hook.adapterId,
      subscribeTo: hook.subscribeTo,
      reason,
      hookMessage,
      ...(httpStatus === undefined ? {} : { status: httpStatus }),
    });
  }
}

export interface HookInvocation {
  hookId: string;
  adapterId: string;
  durationMs: number;
  patched: string[];
}

/** What one hook's patch wrote: the pointers of its operations (and their `from`), tests left out. */
export interface HookPatch {
  hook: Hook;
  pointers: string[];
}

export interface HookRunOptions {
  /** The adapter making the change: its own hooks are never called for it. */
  actorAdapterId: string | undefined;
  /** The headers of one hook call (a call token bound to that hook's adapter, URL and body). */
  headers: (hook: Hook, bodyText: string) => Promise<Record<string, string>>;
  timeoutMs: number;
  /** Most hook calls one change's patches may bring in, beyond the first call of each hook the change itself concerns. */
  cascadeLimit: number;
}

const partRank = (part: string | undefined) => (part === undefined ? -1 : (ORDER_PARTS as readonly string[]).indexOf(part));

/** Hooks subscribed to any of the changed members, by subscribeTo, then by target, then registration. */
export function selectHooks(hooks: readonly Hook[], changed: readonly string[], exclude: ReadonlySet<string>): Hook[] {
  return hooks
    .map((hook, index) => ({ hook, index }))
    .filter(({ hook }) => !exclude.has(hook.adapterId) && changed.some((pointer) => isWithin(pointer, hook.subscribeTo)))
    .sort((a, b) => partRank(a.hook.subscribeTo) - partRank(b.hook.subscribeTo) || partRank(a.hook.target) - partRank(b.hook.target) || a.index - b.index)
    .map(({ hook }) => hook);
}

/**
 * Calls the hooks of a change in sequence. Each may answer a JSON Patch inside its target (or
 * subscribeTo); the parts it changes bring in hooks of other adapters (again, when they were
 * called before), and later hooks see earlier patches. Throws HookVeto on any refusal.
 */
export async function runHooks(original: OrderDocument, draft: OrderDocument, options: HookRunOptions): Promise<{ document: OrderDocument; invocations: HookInvocation[]; patches: HookPatch[] }> {
  try {
    return await runHookQueue(original, draft, options);
  } catch (error) {
    if (error instanceof HookVeto) hookMetrics().vetoes.inc({ adapter: error.hook.adapterId, reason: error.reason });
    throw error;
  }
}

async function runHookQueue(original: OrderDocument, draft: OrderDocument, options: HookRunOptions): Promise<{ document: OrderDocument; invocations: HookInvocation[]; patches: HookPatch[] }> {
  let document = draft;
  // An order without hooks (most changes of a bare order): nothing to compare or call.
  if (document.hooks.length === 0) return { document, invocations: [], patches: [] };
  // What the change has changed so far (what each hook is told): changes only when a patch is applied.
  let changed = changedMembers(original, document);
  const baseExclude = new Set(options.actorAdapterId ? [options.actorAdapterId] : []);
  const queue = selectHooks(document.hooks, changed, baseExclude);
  const invocations: HookInvocation[] = [];
  const patches: HookPatch[] = [];
  if (queue.length === 0) return { document, invocations, patches };
  // The limit bounds what patches bring in: every hook the change itself concerns is called once, however many there are.
  const callsAllowed = queue.length + options.cascadeLimit;

  // The body each hook is sent, serialised once per document and members (hooks without a target of their own get the same text).
  let bodies = new Map<string, JsonText>();
  while (queue.length > 0) {
    const hook = queue.shift()!;
    if (invocations.length >= callsAllowed) {
      throw new HookVeto(hook, 'cascade_limit', `more than ${options.cascadeLimit} hook calls brought in by patches for one change (a cascade of patches that does not settle)`);
    }
    const members = membersSentTo(hook, changed);
    const bodyKey = members.join('\n');
    let body = bodies.get(bodyKey);
    if (!body) bodies.set(bodyKey, (body = new JsonText(JSON.stringify(hookBody(document, changed, members)))));
    const outcome = await callAdapter(hook.invoke, body, (text) => options.headers(hook, text), options.timeoutMs, `hook ${hook.adapterId}`);
    hookMetrics().duration.observe({ adapter: hook.adapterId, outcome: outcome.kind === 'answered' ? String(outcome.status) : outcome.kind }, outcome.durationMs / 1000);
    if (outcome.kind === 'timeout') throw new HookVeto(hook, 'timeout', `no answer within ${options.timeoutMs} ms`);
    if (outcome.kind === 'unreachable') throw new HookVeto(hook, 'unreachable', `could not be reached (${outcome.error})`);
    if (outcome.status === 400) throw new HookVeto(hook, 'rejected', messageOf(outcome), 400);
    // Only a 400 carries a message meant for the caller; another status's body is the adapter's own business (it may hold internals).
    if (outcome.status !== 200) throw new HookVeto(hook, 'error_status', `answered HTTP ${outcome.status}`, outcome.status);

    const patch = patchOf(hook, outcome.body, outcome.text);
    let patchedMembers: string[] = [];
    if (patch.length > 0) {
      const { next, pointers } = applyHookPatch(hook, document, patch);
      patchedMembers = changedMembers(document, next);
      document = next;
      bodies = new Map();
      if (patchedMembers.length > 0) changed = changedMembers(original, document);
      patches.push({ hook, pointers });
    }
    invocations.push({ hookId: hook.id, adapterId: hook.adapterId, durationMs: outcome.durationMs, patched: patchedMembers });

    if (patchedMembers.length > 0) {
      const exclude = new Set([...baseExclude, hook.adapterId]);
      for (const next of selectHooks(document.hooks, patchedMembers, exclude)) {
        if (!queue.includes(next)) queue.push(next);
      }
    }
  }
  return { document, invocations, patches };
}

/**
 * What a hook receives: the order's changed members, its hooks and total, its identity — and the
 * member the hook may patch (its `target`) even when unchanged, so it can answer a patch without
 * reading the order back (the commerce `/customer` hook compares the basket with `/cart`).
 * `changes` names only what changed.
 */
function hookBody(document: OrderDocument, changed: string[], members: readonly string[]): HookRequest {
  const body: Record<string, unknown> = {
    id: document.id,
    merchant: document.merchant,
    channel: document.channel,
    changes: changed,
  };
  for (const member of members) body[member.slice(1)] = (document as unknown as Record<string, unknown>)[member.slice(1)];
  body.hooks = document.hooks;
  body.total = document.total;
  return body as HookRequest;
}

/** The members a hook's body carries: the changed ones, and its target. */
const membersSentTo = (hook: Hook, changed: string[]): string[] => (hook.target && !changed.includes(hook.target) ? [...changed, hook.target] : changed);

function patchOf(hook: Hook, body: unknown, text: string): Operation[] {
  if (text.trim() === '' || (body !== null && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0)) return [];
  if (!Array.isArray(body)) throw new HookVeto(hook, 'malformed_response', 'answered 200 with a body that is neither empty nor a JSON Patch array');
  return body as Operation[];
}

function applyHookPatch(hook: Hook, document: OrderDocument, patch: Operation[]): { next: OrderDocument; pointers: string[] } {
  const scope = hook.target ?? hook.subscribeTo;
  const normalized: Operation[] = [];
  for (const operation of patch) {
    if (!operation || typeof operation !== 'object' || typeof operation.path !== 'string' || typeof operation.op !== 'string') {
      throw new HookVeto(hook, 'invalid_patch', 'the patch holds an operation without op and path');
    }
    const path = normalizePointer(operation.path);
    for (const pointer of [operation.path, 'from' in operation ? operation.from : undefined]) {
      if (typeof pointer === 'string' && /~(?![01])/.test(pointer)) throw new HookVeto(hook, 'invalid_patch', `the patch path ${pointer} holds a ~ that is neither ~0 nor ~1`);
    }
    const from = 'from' in operation && typeof operation.from === 'string' ? normalizePointer(operation.from) : undefined;
    for (const pointer of [path, from]) {
      if (pointer === undefined || operation.op === 'test') continue;
      if (!isWithin(pointer, scope)) throw new HookVeto(hook, 'out_of_scope_patch', `the patch changes ${pointer}, outside its target ${scope}`);
      const stateRefusal = refuseStatePointer(pointer);
      if (stateRefusal) throw new HookVeto(hook, 'out_of_scope_patch', stateRefusal);
    }
    normalized.push({ ...operation, path, ...(from ? { from } : {}) } as Operation);
  }
  const hazard = findJsonHazard(normalized);
  if (hazard) throw new HookVeto(hook, 'invalid_patch', `the patch cannot be applied: ${hazard.pointer} ${hazard.problem}`);
  const copy = cloneJson(document);
  try {
    const error = jsonPatch.validate(normalized, copy);
    if (error) throw error;
    jsonPatch.applyPatch(copy, normalized, false, true);
  } catch (error) {
    throw new HookVeto(hook, 'invalid_patch', `the patch cannot be applied: ${(error as Error).message.split('\n')[0]}`);
  }
  const written = normalized.filter((operation) => operation.op !== 'test').flatMap((operation) => [operation.path, ...('from' in operation && operation.op === 'move' ? [operation.from] : [])]);
  // The document patched was valid: only the members the patch wrote can break the schema — checked
  // before the total is derived from them (a cart without a total cannot be summed), then the total.
  assertSchemaOfMembers(hook, copy, written.map((pointer) => topLevelOf(pointer).slice(1)));
  try {
    deriveFields(copy);
  } catch (error) {
    throw new HookVeto(hook, 'invalid_order', `the patched order's total cannot be computed: ${(error as Error).message.split('\n')[0]}`);
  }
  assertSchemaOfMembers(hook, copy, ['total']);
  // An amount the patch writes meets the order's currency precision, as every writer's does (never rounded).
  const fine = orderAmountProblem(document, copy);
  if (fine) throw new HookVeto(hook, 'invalid_patch', `the patch writes ${fine.amount} at ${fine.pointer}, finer than its currency allows: ${precisionText(fine.currency, fine.exponent)}`);
  const paymentRefusal = refusePaymentPatch(hook.adapterId, document, copy);
  if (paymentRefusal) throw new HookVeto(hook, 'invalid_order', paymentRefusal);
  return { next: copy, pointers: [...new Set(written)] };
}

function assertSchemaOfMembers(hook: Hook, document: OrderDocument, members: string[]): void {
  const violations = orderSchemaViolationsOfMembers(document, members);
  if (violations.length > 0) {
    throw new HookVeto(hook, 'invalid_order', `the patched order is invalid: ${violations.slice(0, 3).map((v) => `${v.pointer} ${v.message}`).join('; ')}`);
  }
}
