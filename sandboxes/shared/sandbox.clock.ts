/**
 * A sandbox's clock: the real (or a test's) time plus an offset that `POST /api/sandbox/clock`
 * moves forward, so token and reservation expiry can be tried without waiting.
 */
export class SandboxClock {
  private offsetMs = 0;

  constructor(private readonly source: () => Date = () => new Date()) {}

  readonly now = (): Date => new Date(this.source().getTime() + this.offsetMs);

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
}
