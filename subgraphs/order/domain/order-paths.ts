/**
 * JSON pointers into the order: the addressable parts hooks subscribe to, normalisation of the
 * paths adapters send (with or without a leading slash), and scope checks.
 */
export { ORDER_PARTS, type OrderPart } from '../../../contracts/order.types.js';

/** `payments/0` and `/payments/0` are the same pointer. */
export const normalizePointer = (path: string): string => (path.startsWith('/') ? path : `/${path}`);

/** True when `pointer` is `scope` itself or lies inside it. */
export const isWithin = (pointer: string, scope: string): boolean => pointer === scope || pointer.startsWith(`${scope}/`);

/** The top-level member a pointer lies in: `/payments/0/amount` → `/payments`. */
export const topLevelOf = (pointer: string): string => `/${pointer.split('/')[1] ?? ''}`;

/** The value at a pointer, or undefined when any step is missing. */
export function valueAt(document: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return document;
  let current: unknown = document;
  for (const raw of normalizePointer(pointer).split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Structural equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The top-level members whose values differ between two versions of the order. */
export function changedMembers(before: object, after: object): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => !jsonEqual(a[key], b[key])).map((key) => `/${key}`);
}
