/** When a failing receiver is paused (NOTIFICATION_RECEIVER_PAUSE_FAILURES / _AFTER_MS). */
export interface PauseThresholds {
  /** Failed attempts in a row, across the receiver's jobs; 0 never pauses. */
  failures: number;
  /** How long the failures must have lasted (since the first of the row). */
  afterMs: number;
}

/** A receiver's state as it stands after recording one more failed attempt. */
export interface FailingReceiver {
  status: 'active' | 'paused';
  consecutiveFailures: number;
  failingForMs: number;
}

/**
 * Both conditions, so neither a burst (many orders failing during a receiver's one-minute
 * deploy) nor a single stubborn job (a few attempts over an hour) pauses a receiver: only a
 * receiver that keeps failing, often and for long. A paused receiver stays paused until an
 * admin resumes it.
 */
export function shouldPause(receiver: FailingReceiver, thresholds: PauseThresholds): boolean {
  if (receiver.status !== 'active' || thresholds.failures <= 0) return false;
  return receiver.consecutiveFailures >= thresholds.failures && receiver.failingForMs >= thresholds.afterMs;
}
