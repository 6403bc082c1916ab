/**
 * A payment or gift card provider refused a call (`status` set) or could not be reached
 * (`status` undefined). Each adapter's client names its own subclass; what they share lives here.
 */
export class ProviderError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly code: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** Whether trying again later may succeed (no answer, 5xx, 429). */
  get transient(): boolean {
    return this.status === undefined || this.status >= 500 || this.status === 429;
  }
}
