import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`; .ci/run installs it); CHROMIUM_PATH points elsewhere. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots of every browser test, kept for people to look at (git-ignored). */
export const ARTIFACTS_DIR = join(process.cwd(), 'test-artifacts');

/**
 * One headless Chromium per test file. Playwright gives each launch a fresh, temporary
 * user-data-dir; the flags keep the browser from calling home (updates, sync, QUIC probes).
 * Playwright hides scrollbars in headless mode; `scrollbars` shows them as a desktop browser
 * does, so a page's vertical scrollbar takes its width from the layout (a 390 px window lays
 * out 375 px) and what only fits without one is caught.
 */
export async function launchChromium(options: { scrollbars?: boolean } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  return chromium.launch({
    executablePath: CHROMIUM,
    ...(options.scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    timeout: 60_000,
  });
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A browser context that behaves as if the machine were offline: every request to a host other
 * than this machine is aborted (and remembered, so a test can say which were tried).
 */
export async function offlineContext(browser: Browser): Promise<{ context: BrowserContext; blocked: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(30_000);
  const blocked: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || LOCAL_HOSTS.has(url.hostname)) return route.continue();
    blocked.push(url.href);
    return route.abort('internetdisconnected');
  });
  return { context, blocked };
}

/** A screenshot into test-artifacts/: the viewport, or with `fullPage` the whole page however long. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  // Right after a navigation Chromium may not have a frame to capture yet ("Unable to capture
  // screenshot", seen once in CI on a loaded machine): the page's load first, and a second try.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.waitForLoadState('load');
      await page.screenshot({ path, fullPage: options.fullPage ?? false });
      return path;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Unable to capture screenshot')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
