import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

describe('codegen', () => {
  it('the committed generated files (resolver types, typed documents) match the SDL and operation files', async () => {
    const { stdout } = await run('npx', ['tsx', 'scripts/codegen-check.ts'], { cwd: new URL('..', import.meta.url).pathname });
    expect(stdout).toContain('generated files are up to date');
  }, 120_000);
});
