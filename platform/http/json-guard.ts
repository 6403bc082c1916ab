import { AppError } from '../errors/app-error.js';

/** Deeper JSON than any order, payment or configuration needs; deeper values could exhaust the stack later. */
export const MAX_JSON_DEPTH = 64;

export interface JsonHazard {
  pointer: string;
  problem: string;
}

const NUL = '\u0000';
/** A UTF-16 surrogate without its partner: not text, and PostgreSQL's jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function stringHazard(text: string): string | undefined {
  if (text.includes(NUL)) return 'contains a NUL character';
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired UTF-16 surrogate';
  return undefined;
}

interface Visit {
  value: unknown;
  parent: Visit | undefined;
  key: string;
  depth: number;
}

/** The JSON pointer of a visited value, built only when a hazard is reported. */
function pointerOf(visit: Visit | undefined): string {
  const keys: string[] = [];
  for (let at = visit; at?.parent; at = at.parent) keys.push(escapePointer(at.key));
  return keys.length === 0 ? '' : `/${keys.reverse().join('/')}`;
}

/**
 * The first thing in a parsed JSON value that cannot be stored or safely processed: nesting
 * deeper than `maxDepth`, a NUL character or a lone surrogate in a string or key, a number JSON
 * cannot carry (1e400 parses to Infinity). Walks without recursion, so any depth is safe to check;
 * pointers are built only for what it reports (the walk runs on every order change).
 */
export function findJsonHazard(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonHazard | undefined {
  const stack: Visit[] = [{ value, parent: undefined, key: '', depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      const problem = stringHazard(current);
      if (problem) return { pointer: pointerOf(visit), problem };
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return { pointer: pointerOf(visit), problem: 'is a number too large to represent' };
    } else if (current !== null && typeof current === 'object') {
      const depth = visit.depth;
      if (depth >= maxDepth) return { pointer: pointerOf(visit), problem: `nests deeper than ${maxDepth} levels` };
      if (Array.isArray(current)) {
        for (let index = 0; index < current.length; index++) stack.push({ value: current[index], parent: visit, key: String(index), depth: depth + 1 });
      } else {
        for (const key of Object.keys(current)) {
          const keyProblem = stringHazard(key);
          if (keyProblem) return { pointer: `${pointerOf(visit)}/${escapePointer(key)}`, problem: `has a key that ${keyProblem}` };
          stack.push({ value: (current as Record<string, unknown>)[key], parent: visit, key, depth: depth + 1 });
        }
      }
    }
  }
  return undefined;
}

/**
 * A deep copy of a JSON value (objects, arrays, strings, numbers, booleans, null; keys holding
 * `undefined` are kept as such). An order of a few kilobytes copies about ten times faster than
 * with structuredClone, which matters on the engine's path (every change copies the order).
 */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) copy[index] = cloneJson(value[index]);
    return copy as T;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = cloneJson((value as Record<string, unknown>)[key]);
    // An own `__proto__` key (JSON.parse makes one) stays a key, never the copy's prototype.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy as T;
}

/** Throws 400 `unsupported_json` naming where `value` (described by `what`) cannot be accepted. */
export function assertSafeJson(value: unknown, what: string): void {
  const hazard = findJsonHazard(value);
  if (!hazard) return;
  throw new AppError(400, 'unsupported_json', `${what} cannot be accepted: ${hazard.pointer || 'the value'} ${hazard.problem}.`, [hazard]);
}

/** NUL in a path or query (raw or %00) reaches no route: ids never contain it and PostgreSQL refuses it. */
export function urlHazard(url: string): string | undefined {
  return /%00/i.test(url) || url.includes(NUL) ? 'The address contains a NUL character.' : undefined;
}

/** A GraphQL string literal may spell NUL as an escape; no argument of ours can hold it. */
export function graphqlTextHazard(query: string): string | undefined {
  return /\\u0000/i.test(query) ? 'The GraphQL document contains a NUL character (\\u0000).' : undefined;
}
