/** @type {import('jest').Config} */
export default {
  // Node's environment, disabling at each file's end the AsyncLocalStorages it enabled (see the file).
  testEnvironment: '<rootDir>/test/harness/test-environment.mjs',
  roots: ['<rootDir>'],
  testMatch: ['**/?(*.)test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/.data/', '/scratch/'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
  },
  globalSetup: '<rootDir>/test/harness/global-setup.mjs',
  globalTeardown: '<rootDir>/test/harness/global-teardown.mjs',
  maxWorkers: 2,
  // Generous on purpose: CI runs two workers on a loaded 2-core machine, and starting a whole
  // system (about 20 services, a fresh database) alone can take 15-20 s there. Tests wait for
  // conditions, never for a fixed time, so a long limit costs nothing when they pass.
  testTimeout: 90_000,
  // A worker that has run a few system tests holds a 400-500 MB heap, and its exit (tearing that
  // down) took 0.17-0.45 s at load 5-8 on 2 cores: past Jest's default 500 ms on a busier machine,
  // Jest kills it and prints "A worker process has failed to exit gracefully". No test leaves a
  // handle open (docs/testing.md); a real leak (a server, a socket) still shows after 5 s.
  workerGracefulExitTimeout: 5_000,
};
