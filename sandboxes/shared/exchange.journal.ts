/**
 * What a sandbox said with its callers, kept so contract tests can hold every request and answer
 * against the provider's published API: the provider API calls it answered (`in`) and the
 * callbacks and webhooks it sent (`out`). Bounded; the newest entries are kept.
 */
export interface Exchange {
  /** `in`: a call to the provider's API; `out`: a callback or webhook the provider sent. */
  direction: 'in' | 'out';
  /** The sandbox operation (`payments`, `createOrder`, …) or, for `out`, the kind of call. */
  operation: string;
  method: string;
  /** Path and query as sent (`/v71/payments`; for `out`, the whole address). */
  url: string;
  /** Request headers, names in lower case; credentials are masked. */
  headers: Record<string, string>;
  requestBody?: unknown;
  status?: number;
  responseBody?: unknown;
  at: string;
}

export const EXCHANGES_KEPT = 500;
const MASKED = new Set(['authorization', 'x-api-key', 'cookie']);

export class ExchangeJournal {
  private readonly entries: Exchange[] = [];

  constructor(private readonly keep = EXCHANGES_KEPT) {}

  record(exchange: Omit<Exchange, 'at' | 'headers'> & { headers?: Record<string, unknown> }): void {
    this.entries.push({ ...exchange, headers: maskedHeaders(exchange.headers ?? {}), at: new Date().toISOString() });
    if (this.entries.length > this.keep) this.entries.splice(0, this.entries.length - this.keep);
  }

  list(filter: { direction?: Exchange['direction']; operation?: string } = {}): Exchange[] {
    return this.entries.filter((entry) => (!filter.direction || entry.direction === filter.direction) && (!filter.operation || entry.operation === filter.operation));
  }

  clear(): number {
    const cleared = this.entries.length;
    this.entries.length = 0;
    return cleared;
  }
}

function maskedHeaders(headers: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    kept[key] = MASKED.has(key) ? `${text.split(' ')[0]} ***` : text;
  }
  return kept;
}

/** A JSON text as a value when it is one, else the text itself (answers such as `[accepted]`). */
export function bodyValue(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
