import { createHash } from 'node:crypto';
import { AppError } from '../../platform/errors/app-error.js';

interface Entry {
  bodyHash: string;
  status: number;
  answer: unknown;
}

/**
 * The `idempotency-key` header (≤ 64 characters) on mutating calls: the same key with the same
 * request answers what the first answered, without doing it again; the same key with another
 * request is 422. Keys are kept per API key and path.
 */
export class IdempotencyCache {
  private readonly entries = new Map<string, Entry>();

  async run(scope: { apiKey: string; path: string; key: string | undefined; body: unknown }, work: () => Promise<{ status: number; answer: unknown }>): Promise<{ status: number; answer: unknown; replayed: boolean }> {
    if (scope.key === undefined) return { ...(await work()), replayed: false };
    if (scope.key.length === 0 || scope.key.length > 64) throw new AppError(400, 'invalid_idempotency_key', 'The idempotency-key header must be 1 to 64 characters.');
    const id = `${scope.apiKey}\u0000${scope.path}\u0000${scope.key}`;
    const bodyHash = createHash('sha256').update(JSON.stringify(scope.body ?? null)).digest('hex');
    const seen = this.entries.get(id);
    if (seen) {
      if (seen.bodyHash !== bodyHash) throw new AppError(422, 'idempotency_key_reused', 'This idempotency-key was used for another request.', { errorCode: '704', errorType: 'validation' });
      return { status: seen.status, answer: seen.answer, replayed: true };
    }
    const done = await work();
    this.entries.set(id, { bodyHash, ...done });
    return { ...done, replayed: false };
  }
}
