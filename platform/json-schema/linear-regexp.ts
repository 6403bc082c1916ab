import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { RE2JS } from 're2js';

/**
 * The regular-expression engine for JSON Schemas that callers supply (notification schemas,
 * adapters' configuration schemas): RE2's linear-time matching instead of the JavaScript engine's
 * backtracking, so a `pattern` such as `^(a+)+$` cannot hold the event loop (and with it every
 * service of the process) for seconds on a crafted value. RE2 syntax has no lookaround and no
 * backreferences: a schema using them does not compile, and is refused where it is registered.
 * Ajv passes the `u` flag; RE2 matches by code point anyway.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    const compiled = RE2JS.compile(pattern);
    // Ajv keys its compiled patterns by `toString()`: each pattern must name itself.
    return { test: (value: string) => compiled.matcher(value).find(), toString: () => `/${pattern}/${flags}` };
  },
  { code: 'linearRegExp' },
);
