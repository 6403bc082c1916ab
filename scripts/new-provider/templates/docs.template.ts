import type { ScaffoldFile, TemplateContext } from './template-context.js';

/** The provider's page, docs/adapters/<folder>.md. */
export function docsPage({ names, adapterPort, sandboxPort, apiTimeoutMs }: TemplateContext): ScaffoldFile {
  const { folder, title, constant, adapterId, sandboxName } = names;
  return {
    path: `docs/adapters/${folder}.md`,
    text: `# ${title} adapter (\`${adapterId}\`, port ${adapterPort})

A redirect provider: the shopper pays on ${title}'s own page. Built on the adapter kit's payment
provider runtime (docs/adapter-kit.md, "A redirect provider"); \`{adapter_url}\` is
\`/api/checkout/v1\`.

| Step | What happens |
|---|---|
| create | \`POST {adapter_url}/orders/{orderId}/payments\`: a session at ${title} (\`POST /v1/sessions\`) with the payment's amount, a signed return address and the runtime's cancel address; the payment is \`intent\` and the answer is \`{paymentId, redirectUrl, cancelUrl}\` |
| amountChanged | registered on each payment: the session's amount follows the payment's share (\`PATCH /v1/sessions/{id}\`, keyed by payment and amount) |
| read | \`GET {adapter_url}/orders/{orderId}/payments/{paymentId}\`: the session re-read (\`GET /v1/sessions/{id}\`) |
| cancel | the shopper cancels on the page: \`GET {adapter_url}/callback/cancel\` answers 301 to \`redirectUrls.checkoutUrl\`, filled in; the payment stays \`intent\` |
| return | \`GET {adapter_url}/return\` (signed, names tenant, order and payment): the session re-read; when \`paid\`, the action \`authorized\` (key \`session:{id}:paid\`) is applied once and the order completes; then 302 to \`redirectUrls.confirmationUrl\`, filled in |

## Configuration (\`${adapterId}.schema.json\`)

- \`apiSettings.apiUrl\`, \`apiSettings.apiKey\`: ${title}'s API and the shop's key (secret). The
  sandbox: \`http://127.0.0.1:${sandboxPort}\`, key \`${folder}-sandbox-key\`.
- \`redirectUrls.checkoutUrl\`, \`redirectUrls.confirmationUrl\`: the shop's pages, with
  \`{orderId}\`, \`{paymentId}\`, \`{merchant}\`, \`{channel}\`.

## Environment

| Variable | Default | What |
|---|---|---|
| \`${constant}_ADAPTER_PORT\` | ${adapterPort} | the adapter's port |
| \`${constant}_API_TIMEOUT_MS\` | ${apiTimeoutMs} | the adapter's calls to ${title}'s API |
| \`${constant}_SANDBOX_PORT\` | ${sandboxPort} | the sandbox's port (\`${sandboxName}\`) |

## Conformance

\`\`\`sh
npm run conformance -- --adapter-url http://127.0.0.1:${adapterPort}/api/checkout/v1 --adapter-id ${adapterId}
\`\`\`
`,
  };
}

/** Its section in docs/sandboxes.md. */
export function sandboxSection({ names, sandboxPort }: TemplateContext): string {
  const { folder, title, sandboxName } = names;
  return `## ${title} sandbox (port ${sandboxPort})

\`${sandboxName}\` (\`sandboxes/${folder}\`) stands in for ${title}, a redirect provider
([adapters/${folder}.md](adapters/${folder}.md)).

| Path | What |
|---|---|
| \`POST /v1/sessions\` (\`X-API-Key\`, operation \`createSession\`) | \`{amount, currency, reference, returnUrl, cancelUrl}\` → 201 the session \`{id, url, status: open, …}\`; the same \`reference\` again answers the same session |
| \`PATCH /v1/sessions/{id}\` (\`X-API-Key\`, operation \`updateSession\`) | \`{amount}\`: the open session's new amount; 409 when no longer open |
| \`GET /v1/sessions/{id}\` (\`X-API-Key\`, operation \`getSession\`) | the session: \`open\`, \`paid\` or \`cancelled\` |
| \`GET /pay/{id}\` | the shopper's page: the amount, Pay, Cancel |
| \`POST /pay/{id}/pay\`, \`POST /pay/{id}/cancel\` | what the buttons post: the session \`paid\` (303 to its \`returnUrl\`) or \`cancelled\` (303 to its \`cancelUrl\`); 409 when no longer open |

Its API key is \`${folder}-sandbox-key\`. Failures and the clock: \`/api/sandbox/failures\`,
\`/api/sandbox/clock\` (see "Failure injection").
`;
}
