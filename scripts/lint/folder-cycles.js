// Folder-level cycles from the actual imports: each file belongs to its row of docs/layering.md
// (subgraphs/order/, adapters/giftcard/, …), an import from one folder into another is an edge,
// and every strongly connected group of two or more folders is a cycle.
// `node scripts/lint/folder-cycles.js` prints them; test/lint/layering.test.ts checks them.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT, projectLayering, rowOf, violation } from './layering.js';

const SKIP = new Set(['node_modules', '.data', 'scratch', 'generated', 'coverage', 'dist', 'test-artifacts', '.git']);

/** The linted source files (as `eslint .` sees them): repo-relative paths of .ts/.tsx, tests aside. */
export function sourceFiles(root = REPO_ROOT) {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const repoPath = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(repoPath);
      else if (/\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) files.push(repoPath);
    }
  };
  walk('');
  return files.sort();
}

/** Every relative import (static, re-export, dynamic, require) of every non-test source file. */
export function relativeImports(root = REPO_ROOT) {
  const imports = [];
  for (const file of sourceFiles(root)) {
    if (file.startsWith('test/') || /\.test\.tsx?$/.test(file)) continue;
    const info = ts.preProcessFile(fs.readFileSync(path.join(root, file), 'utf8'), true, true);
    for (const { fileName: specifier } of info.importedFiles) {
      if (!specifier.startsWith('.')) continue;
      imports.push({ file, specifier, target: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) });
    }
  }
  return imports;
}

/** The folder (row instance) of a repo path, e.g. `adapters/giftcard/`; null when in no row. */
export function folderOf(layering, repoPath) {
  return rowOf(layering.rows, repoPath)?.own ?? null;
}

/** The folder-level cycles (sorted lists of folders) of the given imports. */
export function folderCycles(imports, layering = projectLayering()) {
  const edges = new Map();
  for (const { file, target } of imports) {
    const from = folderOf(layering, file);
    const to = folderOf(layering, target);
    if (!from || !to || from === to) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
  // Tarjan's strongly connected components.
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return cycles.sort((a, b) => a.join().localeCompare(b.join()));
}

/** The imports an exception row lets through. */
export function isException(layering, { file, target }) {
  const strip = (p) => p.replace(/\.(ts|tsx|js|jsx|mjs)$/, '');
  return layering.exceptions.some((exception) => exception.file === file && strip(exception.target) === strip(target));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const layering = projectLayering();
  const imports = relativeImports();
  const cycles = folderCycles(imports, layering);
  console.log('folder-level cycles (all imports, known exceptions included):', JSON.stringify(cycles));
  for (const i of imports) {
    const message = violation(layering, i.file, i.specifier);
    if (message) console.log(`violation: ${i.file} -> ${i.specifier}: ${message}`);
  }
  if (cycles.length) process.exitCode = 1;
}
