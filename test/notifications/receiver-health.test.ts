import { describe, expect, it } from '@jest/globals';
import { shouldPause } from '../../notifications/receiver-health.js';

const thresholds = { failures: 10, afterMs: 900_000 };

describe('when a failing receiver is paused', () => {
  it('needs both enough failures in a row and failures lasting long enough', () => {
    expect(shouldPause({ status: 'active', consecutiveFailures: 10, failingForMs: 900_000 }, thresholds)).toBe(true);
    expect(shouldPause({ status: 'active', consecutiveFailures: 500, failingForMs: 60_000 }, thresholds)).toBe(false); // a burst
    expect(shouldPause({ status: 'active', consecutiveFailures: 7, failingForMs: 6_000_000 }, thresholds)).toBe(false); // one stubborn job
  });

  it('never pauses twice, nor when pausing is off', () => {
    expect(shouldPause({ status: 'paused', consecutiveFailures: 50, failingForMs: 6_000_000 }, thresholds)).toBe(false);
    expect(shouldPause({ status: 'active', consecutiveFailures: 50, failingForMs: 6_000_000 }, { failures: 0, afterMs: 0 })).toBe(false);
  });
});
