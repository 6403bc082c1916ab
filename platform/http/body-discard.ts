import type { IncomingMessage } from 'node:http';

/**
 * How much of a refused body a service still reads (and throws away) before it answers: this many
 * times its body limit, and at least DISCARD_MIN_BYTES. A client sends its whole body before it
 * reads an answer; a server that answers and closes while the body is still coming in resets the
 * connection under it, and Node's fetch (undici) then reports `EPIPE` instead of the 413. Beyond
 * this bound the service answers at once and closes: the client may see the connection cut.
 */
export const DISCARD_LIMIT_FACTOR = 8;
export const DISCARD_MIN_BYTES = 8 * 1_048_576;
/** How long a refused body may take to arrive before the service answers anyway (a slow sender holds no connection for long). */
export const DISCARD_TIMEOUT_MS = 10_000;

/** The bound of what is read and discarded of a refused body, for a service whose body limit is `bodyLimitBytes`. */
export const discardLimitFor = (bodyLimitBytes: number): number => Math.max(DISCARD_LIMIT_FACTOR * bodyLimitBytes, DISCARD_MIN_BYTES);

/**
 * Reads what is left of a request's body and throws it away, up to `maxBytes` more and for at
 * most `timeoutMs`. Resolves true when the body ended within both bounds (the answer can now be
 * sent without the client's upload running into a closed connection), false otherwise: a declared
 * length beyond the bound (nothing is read), more than `maxBytes` arriving, the time running out,
 * or the client going away. Never rejects.
 */
export function discardBody(req: IncomingMessage, maxBytes: number, timeoutMs = DISCARD_TIMEOUT_MS): Promise<boolean> {
  if (req.complete || req.readableEnded) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let received = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('close', onClose);
      req.removeListener('error', onError);
      resolve(drained);
    };
    const onData = (chunk: Buffer | string) => {
      received += chunk.length;
      if (received > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(req.complete);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), timeoutMs);
    timer.unref();
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.once('error', onError);
    req.resume();
  });
}
