/**
 * Something worked out once per operation text and a short key beside it (an operation name, a
 * token limit): looked up by the text first, then by the key, so a call that brings the same text
 * string as before builds no key and hashes nothing but the short one. Bounded by entries: once
 * `max` are held, the oldest text goes first, with every entry it has.
 */
export class OperationTextCache<V> {
  private readonly byText = new Map<string, Map<string, V>>();
  private size = 0;

  constructor(private readonly max = 1_000) {}

  /** What was worked out for this text and key, if it still is held. */
  find(text: string, key: string): V | undefined {
    return this.byText.get(text)?.get(key);
  }

  get(text: string, key: string, make: () => V): V {
    const known = this.byText.get(text)?.get(key);
    if (known !== undefined) return known;
    const made = make();
    if (this.size >= this.max) {
      const [oldest, entries] = this.byText.entries().next().value!;
      this.byText.delete(oldest);
      this.size -= entries.size;
    }
    let entries = this.byText.get(text);
    if (!entries) this.byText.set(text, (entries = new Map()));
    entries.set(key, made);
    this.size++;
    return made;
  }
}
