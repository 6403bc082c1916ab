/**
 * What `npm start` prints once every service it runs answers ready: where a person goes next
 * (the storefront, the admin app, the GraphQL explorer, the API documents), then how to try a
 * checkout when the demo data is there. Printed last, after start-up's log lines, so it is what
 * the terminal shows; request lines are debug (platform/http/app.factory.ts), so it stays there.
 */

/** The services whose API documents the banner names (every service serves one at /docs). */
const DOCUMENTED = ['order', 'payment', 'configuration', 'notifications'] as const;
const RULE = '─'.repeat(78);

export interface BannerInput {
  /** Base URL of each service this process runs. */
  urls: Partial<Record<string, string>>;
  /** How long start-up took, in ms. */
  ms: number;
  /** Services whose /readyz did not answer 200 in time. */
  notReady?: readonly string[];
  /** The storefront's shop (STOREFRONT_MERCHANT/CHANNEL). */
  storefrontTenant?: { merchant: string; channel: string };
  /** The demo data's "Try a checkout" lines (app/demo/demo-data.ts), when it was prepared. */
  demo?: string;
}

const row = (label: string, url: string, note = '') => `  ${label.padEnd(18)}${url}${note ? `   ${note}` : ''}`;

export function startBanner(input: BannerInput): string {
  const { urls } = input;
  const tenant = input.storefrontTenant ?? { merchant: 'demo', channel: 'demo' };
  const count = Object.keys(urls).length;
  const services = `${count} service${count === 1 ? '' : 's'} in ${(input.ms / 1000).toFixed(1)} s`;
  // "Ready" only when every service answered /readyz: a process left out (a wrong signing key, an unreachable database) must not look ready.
  const waiting = input.notReady ?? [];
  const title = waiting.length === 0 ? `  Checkout platform ready: ${services}` : `  Checkout platform started, NOT serving yet: ${waiting.join(', ')} (${services})`;
  const lines = ['', RULE, title, ''];
  if (urls.storefront) lines.push(row('Storefront', `${urls.storefront}/`, `the shop of ${tenant.merchant}/${tenant.channel} (docs/storefront-app.md)`));
  if (urls.admin) {
    lines.push(row('Admin', `${urls.admin}/`, 'sign in with a token:'));
    lines.push(row('', `npm run --silent token -- --merchant ${tenant.merchant} --channel ${tenant.channel} --role admin`));
  }
  if (urls.gateway) {
    lines.push(row('GraphQL explorer', `${urls.gateway}/graphql`, 'with the headers filled in (docs/explorer.md):'));
    lines.push(row('', `${urls.gateway}/graphql#merchant=${tenant.merchant}&channel=${tenant.channel}&token=<token>`));
    lines.push(row('', `token: npm run --silent token -- --merchant ${tenant.merchant} --channel ${tenant.channel} --role storefront`));
  }
  const documented = DOCUMENTED.filter((name) => urls[name]);
  const others = Object.keys(urls).filter((name) => !(DOCUMENTED as readonly string[]).includes(name));
  documented.forEach((name, index) => lines.push(row(index === 0 ? 'API docs' : '', `${urls[name]}/docs`, name)));
  if (others.length > 0 || documented.length === 0) {
    const first = others[0];
    const example = first ? `, e.g. ${urls[first]}/docs (${first})` : '';
    lines.push(row(documented.length === 0 ? 'API docs' : '', `every service serves its own at /docs${example}`, '(docs/api-documents.md)'));
  }
  if (waiting.length > 0) {
    lines.push('', `  ${waiting.join(', ')}: GET /readyz on ${waiting.length === 1 ? 'it' : 'each'} answers 503 with the reason; the log says it too.`);
  }
  if (input.demo) lines.push(input.demo.replace(/^\n+|\n+$/g, '').replace(/^/, '\n'));
  lines.push(RULE, '');
  return `${lines.join('\n')}\n`;
}

/**
 * Waits until every service answers its /readyz with 200, each for at most `timeoutMs` (asking
 * every `intervalMs`); resolves with the names of those that never did.
 */
export async function waitUntilReady(urls: Partial<Record<string, string>>, options: { timeoutMs?: number; intervalMs?: number } = {}): Promise<string[]> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const intervalMs = options.intervalMs ?? 250;
  const deadline = Date.now() + timeoutMs;
  const ready = async (url: string) => {
    for (;;) {
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
        await response.body?.cancel();
        if (response.status === 200) return true;
      } catch {
        // not answering yet
      }
      if (Date.now() + intervalMs > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  };
  const entries = Object.entries(urls).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const results = await Promise.all(entries.map(async ([name, url]) => [name, await ready(url)] as const));
  return results.filter(([, ok]) => !ok).map(([name]) => name);
}
