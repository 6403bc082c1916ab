import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../../platform/logging/logger.js';
import { createProviderDSandbox } from '../../sandboxes/provider-d/provider-d-sandbox.app.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { scrollsSideways } from './accessibility.js';

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

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

describe('provider D sandbox: the drop-in page', () => {
  for (const viewport of VIEWPORTS) {
    it(`pays with a card, answers a 3-D Secure challenge in place, and a redirect at the issuer page and back, offline (${viewport.width} px)`, async () => {
      const { page, finish } = await suite.newPage({ viewport });
      const before = sandbox.state.store.list().length;
      await page.goto(`${url}/dropin?amount=1500&currency=EUR`);
      const pay = async (card: string) => {
        await page.waitForSelector('form.dropin button[type=submit]:not([disabled])');
        await page.fill('input[name=card]', card);
        await page.click('form.dropin button[type=submit]');
      };
      const result = (expected: string) => page.waitForFunction((text) => document.getElementById('result')?.textContent === `Result: ${text}`, expected);
      for (const [card, answer, expected] of [
        ['4111 1111 1111 1111', null, 'Authorised'],
        ['4212345678901237', 'authorise', 'Authorised'],
        ['4212345678901237', 'cancel', 'Cancelled'],
      ] as const) {
        await pay(card);
        if (answer) await page.click(`.challenge button:text("${answer}")`);
        await result(expected);
      }
      // A person's phone: nothing wider than the screen.
      expect(await scrollsSideways(page)).toBe(false);

      // A redirect card: the whole page goes to the issuer's page, which sends it back to the drop-in page with redirectResult.
      await pay('4000000000003063');
      await page.waitForURL(/\/api\/sandbox\/challenges\/[0-9a-f-]+$/);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `provider-d-dropin-issuer-${viewport.width}`);
      await page.getByRole('button', { name: 'refuse' }).click();
      await page.waitForURL((address) => address.pathname === '/dropin');
      await result('Refused');
      // The page took redirectResult off its address once sent (a reload does not send it again) and kept its amount.
      expect(new URL(page.url()).search).toBe('?amount=1500&currency=EUR');
      await screenshot(page, `provider-d-dropin-${viewport.width}`);

      // A redirect action with method POST, through the published API: the drop-in posts the action's data to the issuer's page from the top window.
      const redirected = sandbox.state.store.list().at(-1)!;
      const [post] = await Promise.all([
        page.waitForRequest((request) => request.isNavigationRequest() && request.method() === 'POST' && /\/api\/sandbox\/challenges\/[0-9a-f-]+$/.test(request.url())),
        page.evaluate(async (challengeUrl) => {
          const web = (window as unknown as { AdyenWeb: { AdyenCheckout(options: unknown): Promise<unknown>; Dropin: new (checkout: unknown, props: unknown) => { mount(root: string): { handleAction(action: unknown): void } } } }).AdyenWeb;
          const checkout = await web.AdyenCheckout({ paymentMethodsResponse: { paymentMethods: [{ type: 'scheme', name: 'Cards' }] }, onSubmit: () => undefined, onAdditionalDetails: () => undefined });
          new web.Dropin(checkout, {}).mount('#dropin').handleAction({ type: 'redirect', method: 'POST', url: challengeUrl, data: { MD: 'sandbox-md', PaReq: 'sandbox-pareq' }, paymentMethodType: 'scheme' });
        }, `${url}/api/sandbox/challenges/${redirected.challenge!.id}`),
      ]);
      expect(new URLSearchParams(post.postData() ?? '').get('MD')).toBe('sandbox-md');
      await page.getByRole('heading', { name: '3-D Secure redirect' }).waitFor();

      const payments = sandbox.state.store.list().slice(before);
      expect(payments.map((p) => [p.amount.value, p.resultCode])).toEqual([
        [1500, 'Authorised'],
        [1500, 'Authorised'],
        [1500, 'Cancelled'],
        [1500, 'Refused'],
      ]);
      // The drop-in's state.data as the provider's: the whole browserInfo and the page's origin.
      expect(payments[0]!.request).toMatchObject({ browserInfo: { acceptHeader: expect.any(String), colorDepth: expect.any(Number), javaEnabled: false, language: expect.any(String), screenHeight: expect.any(Number), screenWidth: viewport.width, timeZoneOffset: expect.any(Number), userAgent: expect.any(String) }, origin: new URL(url).origin });
      await finish();
    });
  }
});
