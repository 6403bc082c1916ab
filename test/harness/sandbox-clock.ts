import { rest } from './http.js';

const DAY_MS = 86_400_000;

/**
 * Moves a sandbox's clock just past the next UTC midnight when that midnight is near, so a test
 * that counts what happened "today" (a per-day limit) never sees the day change in its middle,
 * whenever CI runs it. The sandbox's clock only moves forward (`POST /api/sandbox/clock`).
 */
export async function clearOfMidnight(sandboxUrl: string, marginMs = 30 * 60_000): Promise<void> {
  const now = Date.parse((await rest(sandboxUrl, 'GET', '/api/sandbox/clock')).body.now as string);
  const untilMidnight = DAY_MS - (now % DAY_MS);
  if (untilMidnight > marginMs) return;
  const moved = await rest(sandboxUrl, 'POST', '/api/sandbox/clock', { body: { advanceSeconds: Math.ceil((untilMidnight + 60_000) / 1000) } });
  if (moved.status !== 200) throw new Error(`could not move the sandbox clock: ${JSON.stringify(moved.body)}`);
}
