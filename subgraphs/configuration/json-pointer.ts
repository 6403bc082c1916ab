/** JSON pointers (RFC 6901) over plain JSON values: the few operations secrets need. */

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escape = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** `['api', 'password']` → `/api/password`. */
export const formatPointer = (tokens: readonly string[]): string => tokens.map((token) => `/${escape(token)}`).join('');

/** `/api/password` → `['api', 'password']`; `''` is the whole document. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`Not a JSON pointer: ${pointer}`);
  return pointer.slice(1).split('/').map(unescape);
}

const step = (container: unknown, token: string): unknown => {
  if (Array.isArray(container)) return /^(0|[1-9][0-9]*)$/.test(token) ? container[Number(token)] : undefined;
  return isObject(container) && Object.hasOwn(container, token) ? container[token] : undefined;
};

/** The value at `pointer`, or undefined when there is none. */
export function getAt(document: unknown, pointer: string): unknown {
  return parsePointer(pointer).reduce<unknown>((value, token) => step(value, token), document);
}

/**
 * Sets the value at `pointer`, creating missing objects on the way. A pointer that runs through
 * a non-container (a string, say) is left alone: returns false.
 */
export function setAt(document: JsonObject, pointer: string, value: unknown): boolean {
  const tokens = parsePointer(pointer);
  const last = tokens.pop();
  if (last === undefined) return false;
  let container: unknown = document;
  for (const token of tokens) {
    let next = step(container, token);
    if (next === undefined || next === null) {
      if (!isObject(container)) return false;
      next = {};
      container[token] = next;
    }
    container = next;
  }
  if (Array.isArray(container) && /^(0|[1-9][0-9]*)$/.test(last)) container[Number(last)] = value;
  else if (isObject(container)) container[last] = value;
  else return false;
  return true;
}

/** Removes the value at `pointer`: deletes an object member, or nulls an array element (indexes stay). */
export function removeAt(document: JsonObject, pointer: string): void {
  const tokens = parsePointer(pointer);
  const last = tokens.pop();
  if (last === undefined) return;
  const container = tokens.reduce<unknown>((value, token) => step(value, token), document);
  if (Array.isArray(container) && /^(0|[1-9][0-9]*)$/.test(last)) container[Number(last)] = null;
  else if (isObject(container)) delete container[last];
}

/** A deep copy of a JSON value. */
export const cloneJson = <T>(value: T): T => structuredClone(value);
