import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { PLATFORM_SERVICES } from '../../platform/env/env.config.js';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';

// The explorer a browser gets on the gateway's /graphql, on a machine that reaches nothing but
// itself: with EXPLORER=auto (the default) Sandbox's script cannot load, so the page falls back
// to the GraphiQL bundled from node_modules, which then runs a query and a live subscription.

const suite = useBrowserTest({ system: { services: [...PLATFORM_SERVICES] } });
const tenant = { merchant: 'm-explorer', channel: 'web' };

/** The text of one of GraphiQL's CodeMirror editors (the query editor, the response pane, …). */
const editorText = (page: Page, container: string) =>
  page.$eval(`${container} .CodeMirror`, (element) => (element as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue());

/** Waits until GraphiQL's response pane shows every fragment; on timeout says what it showed. */
async function responseContains(page: Page, ...fragments: string[]): Promise<void> {
  try {
    await page.waitForFunction(
      (wanted) => {
        const element = (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document.querySelector('.graphiql-response .CodeMirror') as unknown as { CodeMirror?: { getValue(): string } } | null;
        const text = element?.CodeMirror?.getValue() ?? '';
        return wanted.every((fragment) => text.includes(fragment));
      },
      fragments,
      { timeout: 30_000 },
    );
  } catch (error) {
    await screenshot(page, 'explorer-failure');
    throw new Error(`The response pane never showed ${fragments.join(', ')}; it shows: ${await editorText(page, '.graphiql-response').catch(() => '?')}`, { cause: error });
  }
}

/** Runs one operation of the document, as a person does: the run button, then its name in the menu. */
async function run(page: Page, operationName: string): Promise<void> {
  await page.click('.graphiql-execute-button');
  await page.getByRole('menuitem', { name: operationName, exact: true }).click();
}

const explorerUrl = (path: string, fragment: Record<string, string>) => `${suite.system.urls.gateway}${path}#${new URLSearchParams(fragment).toString()}`;

describe('the offline explorer', () => {
  it('falls back to GraphiQL, runs a query with the pre-filled headers and receives orderChanged events', async () => {
    const { system } = suite;
    const admin = await orderClient(system, tenant, 'admin');
    const created = await admin.call('POST', '', sampleOrder());
    expect(created.status).toBe(201);
    const orderId = created.body.id as string;
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });

    const { page, blocked, close } = await suite.newPage();
    const document = [
      `query Order {\n  order(id: "${orderId}") {\n    id\n    status\n    version\n  }\n}`,
      `subscription OrderChanged {\n  orderChanged(id: "${orderId}") {\n    id\n    status\n    version\n  }\n}\n`,
    ].join('\n\n');
    await page.goto(explorerUrl('/graphql', { token, merchant: tenant.merchant, channel: tenant.channel, query: document }));
    await page.waitForSelector('body[data-explorer="graphiql"] .graphiql-container');

    // Only Sandbox's script was tried outside this machine; the token left the address bar.
    expect(blocked).toHaveLength(1);
    expect(blocked[0]).toMatch(/^https:\/\/embeddable-sandbox\.cdn\.apollographql\.com\//);
    expect(page.url()).toBe(`${system.urls.gateway}/graphql`);

    const headers = JSON.parse(await page.$eval('.graphiql-editor-tool', (tool) => {
      const editor = [...tool.querySelectorAll('.CodeMirror')].find((element) => (element as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue().includes('X-Merchant'));
      return (editor as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue();
    })) as Record<string, string>;
    expect(headers).toEqual({ Authorization: `Bearer ${token}`, 'X-Merchant': tenant.merchant, 'X-Channel': tenant.channel });

    await run(page, 'Order');
    await responseContains(page, `"id": "${orderId}"`, '"status": "checkout"', '"version": 1');
    await screenshot(page, 'explorer-query');

    await run(page, 'OrderChanged');
    await responseContains(page, '"orderChanged"', '"status": "checkout"');

    // The order changes through REST; the event arrives over the explorer's websocket.
    const changed = await admin.call('PUT', `/${orderId}/state`, { status: 'processing' });
    expect(changed.status).toBe(200);
    await responseContains(page, '"orderChanged"', '"status": "processing"', '"version": 2');
    await screenshot(page, 'explorer-subscription');
    await close();
  }, 120_000);

  it('needs nothing from outside this machine when told to use GraphiQL', async () => {
    const token = await suite.system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
    const { page, blocked, close } = await suite.newPage();
    await page.goto(explorerUrl('/graphql?explorer=graphiql', { token, merchant: tenant.merchant, channel: tenant.channel }));
    await page.waitForSelector('body[data-explorer="graphiql"] .graphiql-container');
    await page.click('.graphiql-execute-button'); // the default query: the adapters list
    await responseContains(page, '"adapters"');
    expect(blocked).toEqual([]);
    await close();
  }, 120_000);

  it('embeds Apollo Sandbox when the browser reaches it, with the same endpoint and headers', async () => {
    // Sandbox's CDN answered by a stand-in that records what the page hands Sandbox.
    const { page, close } = await suite.newPage();
    await page.route('https://embeddable-sandbox.cdn.apollographql.com/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.EmbeddedSandbox = function (options) {
          window.sandboxOptions = JSON.parse(JSON.stringify(options));
          document.querySelector(options.target).textContent = 'Sandbox stand-in';
        };`,
      }),
    );
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(explorerUrl('/graphql', { token: 'tok', merchant: tenant.merchant, channel: tenant.channel }));
    await page.waitForSelector('body[data-explorer="sandbox"]');
    const options = await page.evaluate(() => (globalThis as unknown as { sandboxOptions: unknown }).sandboxOptions);
    expect(options).toMatchObject({
      target: '#explorer',
      initialEndpoint: `${suite.system.urls.gateway}/graphql`,
      initialSubscriptionEndpoint: `${suite.system.urls.gateway!.replace('http', 'ws')}/graphql`,
      initialState: { headers: { Authorization: 'Bearer tok', 'X-Merchant': tenant.merchant, 'X-Channel': tenant.channel }, includeCookies: false },
    });
    expect(requested.filter((path) => path.startsWith('/explorer/graphiql'))).toEqual([]);
    await close();
  }, 120_000);

  it('shows why a subscription socket was refused', async () => {
    const { page, close } = await suite.newPage();
    const subscription = 'subscription { orderChanged(id: "nope") { id } }';
    await page.goto(explorerUrl('/graphql?explorer=graphiql', { token: 'not-a-token', merchant: tenant.merchant, channel: tenant.channel, query: subscription }));
    await page.waitForSelector('body[data-explorer="graphiql"] .graphiql-container');
    await page.click('.graphiql-execute-button');
    await responseContains(page, 'Subscription socket closed with 4401: the token was refused');
    await close();
  }, 120_000);
});
