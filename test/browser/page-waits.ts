import type { Locator } from 'playwright-core';

// Waits on what a page shows, for the browser tests that read text and counts: each says what the
// page showed when it gives up.

/**
 * Waits until the element shows the text (exactly, trimmed) or matches the pattern. Whitespace is
 * compared as plain spaces: Intl writes no-break spaces ("NOK\u00a0249.90").
 */
export async function shows(locator: Locator, expected: string | RegExp, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = ((await locator.first().textContent({ timeout: 1_000 }).catch(() => null)) ?? '<absent>').replace(/\s/g, ' ');
    if (typeof expected === 'string' ? text.trim() === expected.replace(/\s/g, ' ') : expected.test(text.trim())) return;
    if (Date.now() > deadline) throw new Error(`${locator.toString()} should show ${String(expected)}; it shows ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the number of matching elements satisfies `wanted`. */
export async function counts(locator: Locator, wanted: (count: number) => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const count = await locator.count();
    if (wanted(count)) return;
    if (Date.now() > deadline) throw new Error(`${locator.toString()}: unexpected count ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
