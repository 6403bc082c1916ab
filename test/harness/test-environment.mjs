// Jest loads test environments outside its transform, so this file is plain JS.
import { AsyncLocalStorage } from 'node:async_hooks';
import { TestEnvironment as NodeEnvironment } from 'jest-environment-node';

/**
 * Every AsyncLocalStorage enabled in this worker since the last test file ended. On Node 20 an
 * enabled AsyncLocalStorage stays in a process-wide list until it is disabled, and that list is
 * walked at the creation of every promise and async resource. Each test file loads the platform
 * (and jest-circus its own test context) afresh, so each file enables new ones: OpenTelemetry's
 * context manager, the gateway's plan reuse, jest's. Left enabled, a worker that had run a hundred
 * files spent most of its time in that walk (a file that takes 3 s alone took 135 s late in a
 * full run), and kept every finished file's module graph alive.
 */
const enabledSinceLastFile = new Set();
const prototype = AsyncLocalStorage.prototype;
if (typeof prototype._enable === 'function' && !prototype._enable.tracksTestFiles) {
  const enable = prototype._enable;
  const tracked = function (...args) {
    enabledSinceLastFile.add(this);
    return enable.apply(this, args);
  };
  tracked.tracksTestFiles = true;
  prototype._enable = tracked;
}

/** Node's test environment, which disables at the end of each file the AsyncLocalStorages the file enabled. */
export default class CheckoutTestEnvironment extends NodeEnvironment {
  async teardown() {
    for (const storage of enabledSinceLastFile) storage.disable();
    enabledSinceLastFile.clear();
    await super.teardown();
  }
}
