import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The gateway's fast path (GATEWAY_FAST_PATH, docs/gateway-fast-path.md) leans on things no
 * package promises: @apollo/gateway's query-plan shapes and request kinds
 * (`single-fetch.router.ts`), the federation library's module exports
 * (`planned-operation.reuse.ts`), graphql's `execution/values` module, and Apollo Server's
 * answer bytes and headers (the direct route writes them itself). It was checked against these
 * versions; `test/gateway-fast-path.test.ts` fails on any other until someone checks again
 * (the flag-on and flag-off answers compared there) and updates this list.
 */
export const FAST_PATH_VERIFIED_WITH: Readonly<Record<string, string>> = {
  '@apollo/gateway': '2.14.4',
  '@apollo/query-planner': '2.14.4',
  '@apollo/federation-internals': '2.14.4',
  '@apollo/server': '5.5.1',
  graphql: '16.15.0',
};

/** The installed version of each package above, as the gateway loads it (the federation packages: the copies @apollo/gateway itself requires). */
export function installedFastPathVersions(): Record<string, string> {
  const ours = createRequire(import.meta.url);
  const gateway = createRequire(ours.resolve('@apollo/gateway'));
  const resolveFrom: Record<string, NodeJS.Require> = { '@apollo/query-planner': gateway, '@apollo/federation-internals': gateway };
  return Object.fromEntries(Object.keys(FAST_PATH_VERIFIED_WITH).map((name) => [name, versionOf(name, (resolveFrom[name] ?? ours).resolve(name))]));
}

/** The version in the package.json of `name` found walking up from one of its files. */
function versionOf(name: string, file: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name && manifest.version) return manifest.version;
    } catch {
      // no package.json at this level
    }
  }
  throw new Error(`no package.json of ${name} above ${file}`);
}
