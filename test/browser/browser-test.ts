import { afterAll, beforeAll, expect } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureStorefrontBuilt } from '../../web/storefront/server/storefront-build.js';
import { startTestSystem, type TestSystem, type TestSystemOptions } from '../harness/test-system.js';
import { openShop, type Shop } from '../journey/journey-setup.js';
import { launchChromium, offlineContext } from './chromium.js';

// The set-up every browser test file shares: its own system (its own database) when it needs
// one, one Chromium, a shop, the storefront built; and pages in fresh contexts that remember
// what was tried outside this machine and the page's errors, for the checks that end a test.

export interface BrowserTestOptions {
  /**
   * The file's own system (startTestSystem: its own database, every service on port 0), or a
   * function giving its options once the file's own beforeAll has run (an address it started
   * first). Without it, no system: the file starts what its pages open itself.
   */
  system?: TestSystemOptions | (() => TestSystemOptions);
  /** A shop of this merchant on the system (openShop: channel `web`, a basket, a gift card). */
  shop?: string;
  /** The storefront app serves the shop (STOREFRONT_MERCHANT / STOREFRONT_CHANNEL) and is built before the tests. */
  storefront?: boolean;
  /** Chromium shows scrollbars as a desktop browser does (launchChromium): a page must fit beside its vertical scrollbar. */
  scrollbars?: boolean;
}

export interface BrowserPage {
  page: Page;
  context: BrowserContext;
  /** Every request to a host other than this machine, aborted (offline pages only). */
  blocked: string[];
  /** The page's uncaught errors (`pageerror`). */
  pageErrors: string[];
  /** The checks that end a page: no page error, nothing tried outside this machine; then closes it. */
  finish(): Promise<void>;
  /** Closes the page's context without checking. */
  close(): Promise<void>;
}

export interface BrowserTest {
  readonly browser: Browser;
  readonly system: TestSystem;
  readonly shop: Shop;
  /**
   * A page in a fresh context: offline by default (every request to another host aborted and
   * remembered); `offline: false` for a plain context (one whose CORS preflights the browser
   * itself must send: with interception on, Playwright answers them).
   */
  newPage(options?: { offline?: boolean; viewport?: { width: number; height: number } }): Promise<BrowserPage>;
}

const SET_UP_TIMEOUT_MS = 180_000;

/** Registers the file's beforeAll / afterAll; the answer's members are there once beforeAll has run. */
export function useBrowserTest(options: BrowserTestOptions = {}): BrowserTest {
  let browser: Browser | undefined;
  let system: TestSystem | undefined;
  let shop: Shop | undefined;
  const present = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`No ${what} here: useBrowserTest(${what === 'browser' ? '' : `{ ${what}: … }`}) sets it up in beforeAll.`);
    return value;
  };

  beforeAll(async () => {
    const systemOptions = typeof options.system === 'function' ? options.system() : options.system;
    const storefrontEnv = options.storefront && options.shop ? { STOREFRONT_MERCHANT: options.shop, STOREFRONT_CHANNEL: 'web' } : {};
    // All settled before a failure is thrown, so afterAll closes whatever did start.
    const settled = await Promise.allSettled([
      launchChromium({ scrollbars: options.scrollbars ?? false }).then((launched) => (browser = launched)),
      systemOptions || options.shop ? startTestSystem({ ...systemOptions, env: { ...storefrontEnv, ...systemOptions?.env } }).then((started) => (system = started)) : undefined,
      // Built once here (reused while the sources are unchanged), so no page waits on it.
      options.storefront ? ensureStorefrontBuilt() : undefined,
    ]);
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    if (options.shop) shop = await openShop(present(system, 'system'), options.shop);
  }, SET_UP_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await system?.close();
  });

  return {
    get browser() {
      return present(browser, 'browser');
    },
    get system() {
      return present(system, 'system');
    },
    get shop() {
      return present(shop, 'shop');
    },
    async newPage(pageOptions = {}) {
      const chromium = present(browser, 'browser');
      const { context, blocked } = pageOptions.offline === false ? { context: await chromium.newContext({ viewport: pageOptions.viewport ?? { width: 1400, height: 900 } }), blocked: [] } : await offlineContext(chromium);
      const page = await context.newPage();
      if (pageOptions.viewport) await page.setViewportSize(pageOptions.viewport);
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return {
        page,
        context,
        blocked,
        pageErrors,
        async finish() {
          expect(pageErrors).toEqual([]);
          expect(blocked).toEqual([]);
          await context.close();
        },
        close: () => context.close(),
      };
    },
  };
}

/**
 * Which React build renders the page's `#root`: a development build's fibers carry debug fields
 * (`_debugOwner`), a production build's none; 'none' when no element there is React's.
 */
export function reactBuild(page: Page): Promise<'production' | 'development' | 'none'> {
  return page.evaluate(() => {
    for (const node of Array.from(document.querySelectorAll('#root *'))) {
      const key = Object.keys(node).find((name) => name.startsWith('__reactFiber$'));
      if (key) return '_debugOwner' in (node as unknown as Record<string, object>)[key]! ? 'development' : 'production';
    }
    return 'none';
  });
}
