import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

// docs/file-suffixes.md gives each file-name role one meaning: a file's role must be in its table
// (or the file listed there "to rename" until scripts/rename-suffixes.sh has run).

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOC = 'docs/file-suffixes.md';
const doc = readFileSync(`${ROOT}${DOC}`, 'utf8');

/** The roles of the table: `.role` or `.role` / `.roles` in its first column. */
function tableRoles(text: string): Set<string> {
  const roles = new Set<string>();
  for (const line of text.split('\n')) {
    const first = /^\| ([^|]+) \|/.exec(line)?.[1];
    if (!first) continue;
    for (const [, role] of first.matchAll(/`\.([a-z-]+)`/g)) roles.add(role!);
  }
  return roles;
}

/** The "to rename" list: current path → new path. */
function toRename(text: string): Map<string, string> {
  return new Map([...text.matchAll(/^- `([^`]+)` → `([^`]+)`$/gm)].map(([, from, to]) => [from!, to!]));
}

/** A file's role: `order-commands.usecase.ts` → `service`, `plan.rules.test.ts` → `test`; none for `index.ts` or `vite-env.d.ts`. */
function roleOf(path: string): string | undefined {
  const parts = basename(path).replace(/\.d\.ts$/, '.ts').replace(/\.tsx?$/, '').split('.');
  return parts.length > 1 ? parts.at(-1) : undefined;
}

/** Every TypeScript file of the repository, committed or new (not ignored). */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.tsx'], { cwd: ROOT, encoding: 'utf8' });
  return listed.split('\n').filter((path) => path && existsSync(`${ROOT}${path}`));
}

/** The files whose role is not in the table and that are not listed to rename. */
function unknownRoles(files: readonly string[], roles: ReadonlySet<string>, renames: ReadonlyMap<string, string>): string[] {
  return files.filter((path) => {
    const role = roleOf(path);
    return role !== undefined && !roles.has(role) && !renames.has(path);
  });
}

const roles = tableRoles(doc);
const renames = toRename(doc);

describe(`file-name roles (${DOC})`, () => {
  it('the table parses: many roles, each with its meaning', () => {
    expect(roles.size).toBeGreaterThan(50);
    for (const role of ['service', 'routes', 'test', 'usecase']) expect(roles).toContain(role);
  });

  it('every file with a role has a role of the table (or is listed to rename)', () => {
    const unknown = unknownRoles(sourceFiles(), roles, renames);
    if (unknown.length) throw new Error(`files whose role is not in ${DOC} (add a row with its one meaning, or use a role of the table):\n${unknown.join('\n')}`);
  });

  it('every file listed to rename still exists under its old name, and its new name has a role of the table', () => {
    const gone = [...renames.keys()].filter((from) => !existsSync(`${ROOT}${from}`));
    if (gone.length) throw new Error(`listed to rename in ${DOC} but no longer there (renamed: take its line off the list):\n${gone.join('\n')}`);
    const taken = [...renames.values()].filter((to) => existsSync(`${ROOT}${to}`));
    expect(taken).toEqual([]);
    expect([...renames.values()].filter((to) => !roles.has(roleOf(to) ?? ''))).toEqual([]);
  });

  it('a `.service.ts` builds a service of the catalogue (`create…Service`), unless listed to rename', () => {
    const others = sourceFiles().filter((path) => path.endsWith('.service.ts') && !renames.has(path) && !/export async function create\w+Service\(/.test(readFileSync(`${ROOT}${path}`, 'utf8')));
    expect(others).toEqual([]);
  });

  it('the check fails on a role outside the table, and passes a listed one', () => {
    // Made-up paths: scripts/rename-suffixes.sh rewrites mentions of real ones.
    const files = ['x/new-thing.mystery.ts', 'x/plain.ts', 'x/src/main.tsx', 'x/old-thing.stray.ts', 'x/b.rules.test.ts', 'x/vite-env.d.ts'];
    expect(unknownRoles(files, new Set(['stray', 'rules', 'test']), new Map())).toEqual(['x/new-thing.mystery.ts']);
    expect(unknownRoles(files, new Set(['rules', 'test']), new Map([['x/old-thing.stray.ts', 'x/old-thing.rules.ts']]))).toEqual(['x/new-thing.mystery.ts']);
    expect(tableRoles('| `.page` / `.pages` | one page |\n| Suffix | Meaning |')).toEqual(new Set(['page', 'pages']));
  });
});
