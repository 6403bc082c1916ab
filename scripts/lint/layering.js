// The layering, read from docs/layering.md: for each folder, the folders it may import (an
// allow-list), what it must never import, and the known exceptions (exact file → target pairs).
// Used by the ESLint rule `layering/allowed-imports` (eslint.config.js) and by the folder-cycle
// check (scripts/lint/folder-cycles.js, test/lint/layering.test.ts).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const TABLE = path.join(ROOT, 'docs/layering.md');
const EXTENSION = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;

/** The rows of the first markdown table after the heading that starts with `heading`. */
function tableAfter(markdown, heading) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('## ') && line.slice(3).startsWith(heading));
  if (start < 0) throw new Error(`docs/layering.md: no "## ${heading}" section`);
  const rows = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    rows.push(line.slice(1, line.endsWith('|') ? -1 : undefined).split('|').map((cell) => cell.trim()));
  }
  return rows.slice(2); // header and |---| line
}

/** A cell's entries: `a`, `b` → ['a', 'b']; — or empty → []. */
function entries(cell) {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

/** Parses docs/layering.md (or the given text) into { rows, exceptions }. */
export function parseLayering(markdown = fs.readFileSync(TABLE, 'utf8')) {
  const rows = tableAfter(markdown, 'Layers').map(([folder, mayImport, never]) => {
    const [pattern] = entries(folder);
    if (!pattern) throw new Error(`docs/layering.md: a Layers row without a folder: ${folder}`);
    return { pattern, allowed: entries(mayImport), never: entries(never ?? '') };
  });
  const exceptions = tableAfter(markdown, 'Known exceptions').map(([since, file, target, why]) => {
    const [from] = entries(file);
    const [to] = entries(target);
    if (!from || !to || !/^\d{4}-\d{2}-\d{2}$/.test(since)) throw new Error(`docs/layering.md: a malformed exception row: ${since} | ${file} | ${target}`);
    return { since, file: from, target: to, why };
  });
  return { rows, exceptions };
}

/** The concrete prefix of `repoPath` that `pattern` (`a/*\/b/`, `x/file.ts`) matches, or null. */
function matchPrefix(pattern, repoPath) {
  const want = pattern.replace(/\/$/, '').split('/');
  const have = repoPath.split('/');
  const isFolder = pattern.endsWith('/');
  if (have.length < want.length + (isFolder ? 1 : 0)) return null;
  for (let i = 0; i < want.length; i += 1) {
    const last = i === want.length - 1;
    const segment = !isFolder && last ? have[i].replace(EXTENSION, '') : have[i];
    const wanted = !isFolder && last ? want[i].replace(EXTENSION, '') : want[i];
    if (wanted !== '*' && wanted !== segment) return null;
  }
  if (!isFolder && have.length !== want.length) return null;
  return have.slice(0, want.length).join('/') + (isFolder ? '/' : '');
}

/** The row a repo path belongs to (the most specific matching pattern) and its concrete folder. */
export function rowOf(rows, repoPath) {
  let best = null;
  for (const row of rows) {
    const own = matchPrefix(row.pattern, repoPath);
    if (!own) continue;
    const depth = row.pattern.split('/').length;
    const wild = (row.pattern.match(/\*/g) ?? []).length;
    if (!best || depth > best.depth || (depth === best.depth && wild < best.wild)) best = { row, own, depth, wild };
  }
  return best && { row: best.row, own: best.own };
}

/** `package:x` entry matching a bare specifier (`*` = any package or built-in). */
function packageMatches(entry, specifier) {
  const name = entry.slice('package:'.length);
  return name === '*' || specifier === name || specifier.startsWith(`${name}/`);
}

const stripExtension = (repoPath) => repoPath.replace(EXTENSION, '');

/**
 * Why `fromPath` (repo-relative) may not import `specifier`, or null when it may.
 * Relative specifiers resolve against the file; bare ones are packages (allowed unless `never`).
 */
export function violation(layering, fromPath, specifier) {
  if (/(^|\/)[^/]+\.test\.tsx?$/.test(fromPath)) return null; // unit tests beside the code import anything
  const found = rowOf(layering.rows, fromPath);
  if (!found) return null;
  const { row, own } = found;
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
    const banned = row.never.find((entry) => entry.startsWith('package:') && packageMatches(entry, specifier));
    return banned ? `${row.pattern} never imports the package ${specifier} (docs/layering.md: never ${banned}).` : null;
  }
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromPath), specifier));
  if (target.startsWith('../')) return `${specifier} leaves the repository.`;
  const excepted = layering.exceptions.some((exception) => exception.file === fromPath && stripExtension(exception.target) === stripExtension(target));
  if (excepted) return null;
  if (matchPrefix(own, target) || stripExtension(own) === stripExtension(target)) return null;
  const banned = row.never.find((entry) => !entry.startsWith('package:') && matchPrefix(entry, target));
  if (banned) return `${row.pattern} never imports ${banned} (here ${target}); docs/layering.md.`;
  if (row.allowed.includes('*') || row.allowed.some((entry) => !entry.startsWith('package:') && matchPrefix(entry, target))) return null;
  const allowed = row.allowed.length ? row.allowed.join(', ') : 'nothing outside itself';
  return `${row.pattern} may import only ${allowed}, not ${target} (docs/layering.md; a new exception needs a dated row).`;
}

let cached;
/** The layering of the checkout (docs/layering.md), read once per process. */
export function projectLayering() {
  cached ??= parseLayering();
  return cached;
}

export const REPO_ROOT = ROOT;

/** The ESLint rule: every import of a file is checked against docs/layering.md. */
export const allowedImportsRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports follow the allow-list in docs/layering.md.' } },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const fromPath = path.relative(ROOT, filename).split(path.sep).join('/');
    if (fromPath.startsWith('..')) return {};
    const layering = projectLayering();
    const check = (node, source) => {
      let specifier = null;
      if (source?.type === 'Literal' && typeof source.value === 'string') specifier = source.value;
      else if (source?.type === 'TemplateLiteral' && source.expressions.length === 0) specifier = source.quasis[0].value.cooked;
      if (specifier === null) return;
      const message = violation(layering, fromPath, specifier);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportEqualsDeclaration: (node) => node.moduleReference?.type === 'TSExternalModuleReference' && check(node, node.moduleReference.expression),
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) check(node, node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'allowed-imports': allowedImportsRule } };
