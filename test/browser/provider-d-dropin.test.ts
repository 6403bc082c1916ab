import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../../platform/logging/logger.js';
import { createProviderDSandbox } from '../../sandboxes/provider-d/provider-d-sandbox.app.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';

/** The provider D sandbox's drop-in page, clicked as a person would (docs/sandboxes.md, "Provider D"). */
const suite = useBrowserTest();
let sandbox: ReturnType<typeof createProviderDSandbox>;
let url: string;

beforeAll(async () => {
  sandbox = createProviderDSandbox({ logger: createLogger({ level: 'silent' }) });
  url = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await sandbox?.app.close();
});

describe('provider D sandbox: the drop-in page', () => {
  it('pays with a card, answers a 3-D Secure challenge and a redirect, offline', async () => {
    const { page, blocked, close } = await suite.newPage();
    await page.goto(`${url}/dropin?amount=1500&currency=EUR`);
    await page.waitForSelector('form.dropin button[type=submit]');
    for (const [card, answer, result] of [
      ['4111 1111 1111 1111', null, 'Authorised'],
      ['4212345678901237', 'authorise', 'Authorised'],
      ['4212345678901237', 'cancel', 'Cancelled'],
      ['4000000000003063', 'refuse', 'Refused'],
    ] as const) {
      await page.fill('input[name=card]', card);
      await page.click('form.dropin button[type=submit]');
      if (answer) await page.click(`.challenge button:text("${answer}")`);
      await page.waitForFunction((expected) => document.querySelector('.status')?.textContent === `Result: ${expected}`, result);
    }
    await screenshot(page, 'provider-d-dropin');
    expect(blocked).toEqual([]);
    const payments = sandbox.state.store.list();
    expect(payments.map((p) => [p.amount.value, p.resultCode])).toEqual([
      [1500, 'Authorised'],
      [1500, 'Authorised'],
      [1500, 'Cancelled'],
      [1500, 'Refused'],
    ]);
    await close();
  });
});
