/**
 * Group commit: commits that wait at the same moment go to the database together.
 *
 * At most `maxInFlight` commit statements of a store run at once. A commit leaves at the end of
 * the event loop's turn it was submitted in (`setImmediate`), with every other commit of that
 * turn: the writers a statement's answer released submit their next changes in the turn the
 * answer arrives, so they leave together instead of the first alone and the rest behind it. What
 * waits is shared evenly over the free slots (up to `maxBatch` each, one commit per key), so two
 * slots carry two cohorts of writers: one cohort's statement runs in the database while the other
 * prepares its next changes. A commit that arrives while every slot runs waits for the next free
 * one. Each statement is one round trip, one transaction and one WAL flush for several orders; a
 * quiet process pays one turn of the event loop.
 *
 * Each member keeps its own outcome (`runMany` answers per member: committed, or refused by its
 * own versioned update). When the batch statement fails with an error the database reports for
 * the statement (a unique key, a deadlock with another process's batch), nothing of it was
 * committed, and every member is run again on its own, so each gets the answer it would have had
 * alone (a duplicate event key fails that member only). Any other failure (the connection lost,
 * the outcome unknown) is every member's answer: a change is never applied twice.
 */
export interface GroupCommitRunner<I, O> {
  /** One commit as its own statement. */
  runOne(input: I): Promise<O>;
  /** Several commits as one statement: the answers in the inputs' order. */
  runMany(inputs: I[]): Promise<O[]>;
  /** Commits of the same key (the same order) never share a statement. */
  keyOf(input: I): string;
}

interface Waiting<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/** A failure the database reported for the statement (it has a SQLSTATE): the transaction was rolled back. */
const rolledBack = (error: unknown) => typeof (error as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((error as { code: string }).code);

export class GroupCommitBatcher<I, O> {
  private readonly waiting: Array<Waiting<I, O>> = [];
  private inFlight = 0;
  /** Statements sent and commits they carried (for the bench and tests). */
  readonly stats = { statements: 0, commits: 0, batched: 0, retriedAlone: 0 };

  constructor(
    private readonly runner: GroupCommitRunner<I, O>,
    /** How many statements may run at once, and how many commits one may carry (1: no grouping). */
    readonly limits: { maxInFlight: number; maxBatch: number } = { maxInFlight: 2, maxBatch: 32 },
  ) {}

  /** Commits waiting for a statement slot. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /** A flush is due at the end of this turn. */
  private flushScheduled = false;

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.scheduleFlush();
    });
  }

  /** At the end of this turn, the waiting commits shared evenly over the free slots. */
  private scheduleFlush(): void {
    if (this.flushScheduled || this.inFlight >= this.limits.maxInFlight) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      const free = this.limits.maxInFlight - this.inFlight;
      if (free <= 0 || this.waiting.length === 0) return;
      const share = Math.ceil(this.waiting.length / free);
      for (let i = 0; i < free && this.waiting.length > 0; i++) this.send(share);
    });
  }

  private send(limit: number): void {
    const batch = this.takeBatch(Math.min(limit, this.limits.maxBatch));
    if (batch.length === 0) return;
    this.inFlight++;
    this.stats.statements++;
    this.stats.commits += batch.length;
    if (batch.length > 1) this.stats.batched += batch.length;
    void this.run(batch).finally(() => {
      this.inFlight--;
      if (this.waiting.length > 0) this.scheduleFlush();
    });
  }

  /** Up to `limit` waiting commits in arrival order, at most one per key (the rest wait for the next statement). */
  private takeBatch(limit: number): Array<Waiting<I, O>> {
    const batch: Array<Waiting<I, O>> = [];
    const keys = new Set<string>();
    for (let i = 0; i < this.waiting.length && batch.length < limit; ) {
      const key = this.runner.keyOf(this.waiting[i]!.input);
      if (keys.has(key)) {
        i++;
        continue;
      }
      keys.add(key);
      batch.push(...this.waiting.splice(i, 1));
    }
    return batch;
  }

  private async run(batch: Array<Waiting<I, O>>): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch;
      await this.runner.runOne(only!.input).then(only!.resolve, only!.reject);
      return;
    }
    let outputs: O[];
    try {
      outputs = await this.runner.runMany(batch.map((member) => member.input));
    } catch (error) {
      if (!rolledBack(error)) {
        for (const member of batch) member.reject(error);
        return;
      }
      this.stats.retriedAlone += batch.length;
      await Promise.all(batch.map((member) => this.runner.runOne(member.input).then(member.resolve, member.reject)));
      return;
    }
    batch.forEach((member, i) => member.resolve(outputs[i]!));
  }
}
