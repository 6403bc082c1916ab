import { describe, expect, it } from '@jest/globals';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_BUILD_SOURCES } from '../web/admin/admin-web.service.js';
import { sourceHash } from '../web/vite-app.build.js';

// The admin app is rebuilt when what it is built from changes (docs/admin.md, "Building"): its
// index.html and src/, and the folders outside them it imports (contracts/, the currency table).

const ADMIN = fileURLToPath(new URL('../web/admin/', import.meta.url));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))));
  return nested.flat();
}

/** The files outside src/ that the app's code imports for its bundle (type-only imports leave nothing in it). */
async function importsOutsideSrc(): Promise<string[]> {
  const src = join(ADMIN, 'src');
  const outside: string[] = [];
  for (const file of (await filesUnder(src)).filter((name) => /\.tsx?$/.test(name))) {
    const code = await readFile(file, 'utf8');
    for (const match of code.matchAll(/^\s*(import|export)\s+(?!type\s)[^;]*?from\s+'(\.[^']+)'/gm)) {
      const target = resolve(dirname(file), match[2]!);
      if (relative(src, target).startsWith('..')) outside.push(target);
    }
  }
  return outside;
}

describe('the admin build', () => {
  it('hashes every folder outside src/ that the app imports', async () => {
    const outside = await importsOutsideSrc();
    // The currency table is one of them (format.ts and payment-actions.tsx read its exponents).
    expect(outside.some((file) => file.endsWith(join('contracts', 'currency-exponents.js')))).toBe(true);
    const folders = ADMIN_BUILD_SOURCES.map((folder) => resolve(ADMIN, folder));
    expect(outside.filter((file) => !folders.some((folder) => !relative(folder, file).startsWith('..')))).toEqual([]);
  });

  it('builds again when a file in a source folder outside src/ changes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vite-app-hash-'));
    try {
      const root = join(dir, 'app');
      await mkdir(join(root, 'src'), { recursive: true });
      await mkdir(join(dir, 'shared'));
      await writeFile(join(root, 'index.html'), '<script type="module" src="/src/main.ts"></script>');
      await writeFile(join(root, 'src', 'main.ts'), "import { JPY } from '../../shared/table.js';\nconsole.log(JPY);\n");
      await writeFile(join(dir, 'shared', 'table.ts'), 'export const JPY = 0;\n');
      const before = { covered: await sourceHash(root, ['../shared']), not: await sourceHash(root, []) };
      await writeFile(join(dir, 'shared', 'table.ts'), 'export const JPY = 2;\n');
      expect(await sourceHash(root, ['../shared'])).not.toBe(before.covered);
      // Without the folder among the sources the change goes unseen: the list above matters.
      expect(await sourceHash(root, [])).toBe(before.not);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
