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

/**
 * The first thing in a parsed JSON value that cannot be stored or safely processed: nesting
 * deeper than `maxDepth`, a NUL character or a lone surrogate in a string or key, a number JSON
 * cannot carry (1e400 parses to Infinity). Walks without recursion, so any depth is safe to check.
 */
export function findJsonHazard(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonHazard | undefined {
  const stack: Array<{ value: unknown; pointer: string; depth: number }> = [{ value, pointer: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, pointer, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = stringHazard(current);
      if (problem) return { pointer, problem };
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return { pointer, problem: 'is a number too large to represent' };
    } else if (current !== null && typeof current === 'object') {
      if (depth >= maxDepth) return { pointer, problem: `nests deeper than ${maxDepth} levels` };
      const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
      for (const [key, item] of entries) {
        const keyProblem = Array.isArray(current) ? undefined : stringHazard(key);
        if (keyProblem) return { pointer: `${pointer}/${escapePointer(key)}`, problem: `has a key that ${keyProblem}` };
        stack.push({ value: item, pointer: `${pointer}/${escapePointer(key)}`, depth: depth + 1 });
      }
    }
  }
  return undefined;
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
