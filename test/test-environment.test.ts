/**
 * The suite's jest environment (test/harness/test-environment.mjs): an AsyncLocalStorage one test
 * file enabled is disabled before the next file of the same worker runs, so no worker carries the
 * storages of every file it ran (each one taxing every promise). Two fixture files run in band,
 * in order, with the suite's environment and with jest's plain Node environment.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const JEST = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
let dir: string;

const FIRST = `import { AsyncLocalStorage } from 'node:async_hooks';
test('enables a storage and leaves it where the next file can see it', () => {
  const storage = new AsyncLocalStorage();
  storage.enterWith('first file');
  AsyncLocalStorage.leftByFirstFile = storage;
  expect(storage.getStore()).toBe('first file');
});
`;
const SECOND = `import { AsyncLocalStorage } from 'node:async_hooks';
test("finds the first file's storage disabled", () => {
  expect(AsyncLocalStorage.leftByFirstFile).toBeDefined();
  expect(AsyncLocalStorage.leftByFirstFile.enabled).toBe(false);
});
`;
const IN_NAME_ORDER = `import sequencer from '${new URL('../node_modules/@jest/test-sequencer/build/index.js', import.meta.url).href}';
export default class InNameOrder extends sequencer.default {
  sort(tests) { return [...tests].sort((a, b) => a.path.localeCompare(b.path)); }
}
`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'test-environment-'));
  await writeFile(join(dir, 'a-first.test.mjs'), FIRST);
  await writeFile(join(dir, 'b-second.test.mjs'), SECOND);
  await writeFile(join(dir, 'in-name-order.mjs'), IN_NAME_ORDER);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The fixtures in one worker, first then second; whether jest passed them. */
async function fixtures(testEnvironment: string): Promise<{ passed: boolean; output: string }> {
  const config = { rootDir: dir, testEnvironment, testMatch: ['**/*.test.mjs'], transform: {}, testSequencer: join(dir, 'in-name-order.mjs'), cache: false };
  try {
    const { stderr } = await run(process.execPath, [JEST, '--runInBand', '--config', JSON.stringify(config)], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules --no-warnings' },
    });
    return { passed: true, output: stderr };
  } catch (error) {
    return { passed: false, output: String((error as { stderr?: string }).stderr) };
  }
}

describe("the suite's jest environment", () => {
  it('disables the storages a file enabled once that file has run', async () => {
    const outcome = await fixtures(join(ROOT, 'test', 'harness', 'test-environment.mjs'));
    expect(outcome.output).toMatch(/a-first[\s\S]*b-second/);
    expect(outcome).toMatchObject({ passed: true });
  }, 60_000);

  it("is needed: jest's own Node environment leaves them enabled", async () => {
    const outcome = await fixtures('node');
    expect(outcome.output).toContain('finds the first file');
    expect(outcome.passed).toBe(false);
  }, 60_000);
});
