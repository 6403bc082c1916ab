import type { ScaffoldFile, TemplateContext } from './template-context.js';

/** The provider's page, docs/adapters/<folder>.md. */
export function docsPage(context: TemplateContext): ScaffoldFile {
  const { names, adapterPort, sandboxPort, flow } = context;
  const { folder, title, adapterId } = names;
  const redirect = flow === 'redirect';
  return {
    path: `docs/adapters/${folder}.md`,
    text: `# ${title} adapter (\`${adapterId}\`, port ${adapterPort})

${
  redirect
    ? `A redirect provider: the shopper pays on ${title}'s own page. Built on the adapter kit's payment
provider runtime (docs/adapter-kit.md, "A redirect provider")`
    : `An embedded provider: the shopper pays in ${title}'s component, which the checkout mounts
(an iframe of the provider's page; \`adapters/${folder}/frontend\`). Built on the adapter kit's payment
provider runtime (docs/adapter-kit.md, "An embedded provider")`
}; \`{adapter_url}\` is \`/api/checkout/v1\`.

| Step | What happens |
|---|---|
| create | \`POST {adapter_url}/orders/{orderId}/payments\`: a session at ${title} (\`POST /v1/sessions\`) with the payment's amount, the webhook address, the channel, order and payment as metadata${redirect ? ", a signed return address and the runtime's cancel address; the payment is \`intent\` and the answer is \`{paymentId, redirectUrl, cancelUrl}\`" : "; the payment is \`intent\` and the answer is \`{paymentId, sessionId, componentUrl}\` (the frontend mounts \`componentUrl\`)"} |
| amountChanged | registered on each payment: the session's amount follows the payment's share (\`PATCH /v1/sessions/{id}\`, keyed by payment and amount) |
| read | \`GET {adapter_url}/orders/{orderId}/payments/{paymentId}\`: the session re-read (\`GET /v1/sessions/{id}\`) |
${redirect ? '| cancel | the shopper cancels on the page: \`GET {adapter_url}/callback/cancel\` answers 301 to \`redirectUrls.checkoutUrl\`, filled in; the payment stays \`intent\` |\n' : '| cancel | the shopper cancels in the component: the session \`cancelled\`, its webhook changes nothing; the payment stays \`intent\` and the shopper, still in the checkout, may pay again or another way |\n'}| webhook | \`POST {adapter_url}/webhook\` (public): the body \`{type, session}\` must carry \`X-Webhook-Signature: sha256=<hex>\`, the HMAC-SHA256 of the exact body under the channel's \`apiSettings.apiKey\` (the channel named by \`session.metadata\`), else 401 and ${title} retries; \`session.paid\` is the action \`authorized\` (key \`session:{id}:paid\`): the payment \`reserved\`, the order completed, once however often it comes; \`session.cancelled\` changes nothing |
${
  redirect
    ? `| return | \`GET {adapter_url}/return\` (signed, names tenant, order and payment): the session re-read; when \`paid\`, the same action as the webhook's (same key: whichever comes first applies it, the other changes nothing); then 302 to \`redirectUrls.confirmationUrl\`, filled in |`
    : `| paid in the component | the component tells the checkout's window (\`postMessage\` \`{type: '${folder}:paid'}\`); the frontend calls \`onCompleted\` and the order follows when the webhook is applied |`
}

## Configuration (\`${adapterId}.schema.json\`)

- \`apiSettings.apiUrl\`, \`apiSettings.apiKey\`: ${title}'s API and the shop's key (secret). The
  sandbox: \`http://127.0.0.1:${sandboxPort}\`, key \`${folder}-sandbox-key\`.
${
  redirect
    ? `- \`redirectUrls.checkoutUrl\`, \`redirectUrls.confirmationUrl\`: the shop's pages, with
  \`{orderId}\`, \`{paymentId}\`, \`{merchant}\`, \`{channel}\`.`
    : '- No shop pages: the shopper never leaves the checkout.'
}

${environmentSection(context)}
## Conformance

\`\`\`sh
npm run conformance -- --adapter-url http://127.0.0.1:${adapterPort}/api/checkout/v1 --adapter-id ${adapterId}
\`\`\`
`,
  };
}

/** Its section in docs/sandboxes.md. */
export function sandboxSection({ names, sandboxPort, flow }: TemplateContext): string {
  const { folder, title, sandboxName } = names;
  const redirect = flow === 'redirect';
  return `## ${title} sandbox (port ${sandboxPort})

\`${sandboxName}\` (\`sandboxes/${folder}\`) stands in for ${title}, ${redirect ? 'a redirect' : 'an embedded'} provider
([adapters/${folder}.md](adapters/${folder}.md)).

| Path | What |
|---|---|
| \`POST /v1/sessions\` (\`X-API-Key\`, operation \`createSession\`) | \`{amount, currency, reference, webhookUrl, metadata${redirect ? ', returnUrl, cancelUrl' : ''}}\` → 201 the session \`{id, url, status: open, …}\`; the same \`reference\` again answers the same session |
| \`PATCH /v1/sessions/{id}\` (\`X-API-Key\`, operation \`updateSession\`) | \`{amount}\`: the open session's new amount; 409 when no longer open |
| \`GET /v1/sessions/{id}\` (\`X-API-Key\`, operation \`getSession\`) | the session: \`open\`, \`paid\` or \`cancelled\` |
| \`GET /pay/{id}\` | the shopper's ${redirect ? 'page' : 'component (the frontend mounts it in an iframe)'}: the amount, Pay, Cancel${redirect ? '' : "; once paid it posts \`{type: '" + folder + ":paid'}\` to its parent window"} |
| \`POST /pay/{id}/pay\`, \`POST /pay/{id}/cancel\` | what the buttons post: the session \`paid\` or \`cancelled\`, its webhook sent, then 303 to its ${redirect ? '\`returnUrl\` or \`cancelUrl\`' : 'page (no return address: the component stays in the checkout)'}; 409 when no longer open |
| webhook (out) | \`POST {webhookUrl}\` \`{type: 'session.paid' | 'session.cancelled', session}\`, \`X-Webhook-Signature: sha256=<hex>\` (HMAC-SHA256 of the body under the API key); retried until answered 2xx, then given up (\`sandboxes/shared/signed-webhook.sender.ts\`) |
| \`GET /api/sandbox/webhooks\` | the webhooks sent and each delivery attempt |

Its API key is \`${folder}-sandbox-key\`. Failures and the clock: \`/api/sandbox/failures\`,
\`/api/sandbox/clock\` (see "Failure injection").
`;
}

/** A gift card system's page, docs/adapters/<folder>.md. */
export function giftcardDocsPage(context: TemplateContext): ScaffoldFile {
  const { names, adapterPort, sandboxPort } = context;
  const { folder, title, adapterId } = names;
  return {
    path: `docs/adapters/${folder}.md`,
    text: `# ${title} adapter (\`${adapterId}\`, port ${adapterPort})

A gift card system (kind \`giftcard\`): the shopper types a card into the checkout and it pays
what its balance allows of the order. Built on the adapter kit's payment provider runtime
(docs/adapter-kit.md, "A gift card system"); \`{adapter_url}\` is \`/api/checkout/v1\`. Every call
after the balance check names the reservation by the payment's id, so any of them may be retried.

| Step | What happens |
|---|---|
| create | \`POST {adapter_url}/orders/{orderId}/payments\` \`{cardId}\`: the card read (\`GET /v1/cards/{cardId}\`); unknown → 400 \`gift_card_not_found\`, another currency or nothing left → 400 \`gift_card_refused\`, nothing written; else an \`intent\` payment covering what the card's available balance allows (\`upperLimitAmount\` that balance), answered \`{paymentId, cardId, amount, balance}\`. One card per order (a second create is refused while the first is \`intent\`) |
| process | the order goes to processing: \`PUT /v1/reservations/{paymentId}\` holds the payment's amount; the payment \`reserved\`; refused (balance, currency) → 400 \`gift_card_refused\`, which vetoes the move |
| abort | \`DELETE /v1/reservations/{paymentId}\`: released (none made: nothing to release); a reserved payment back to \`intent\` |
| confirm | the order completed: \`POST /v1/reservations/{paymentId}/commit\` takes the amount off the card; the payment \`captured\` (retried by the platform until 2xx; committing twice changes nothing) |

## Configuration (\`${adapterId}.schema.json\`)

- \`apiSettings.apiUrl\`, \`apiSettings.apiKey\`: ${title}'s API and the shop's key (secret). The
  sandbox: \`http://127.0.0.1:${sandboxPort}\`, key \`${folder}-sandbox-key\`.

${environmentSection(context)}
## Conformance

\`\`\`sh
npm run conformance -- --adapter-url http://127.0.0.1:${adapterPort}/api/checkout/v1 --adapter-id ${adapterId} --create-body '{"cardId":"<a seeded card>"}'
\`\`\`
`,
  };
}

/** A gift card system's section in docs/sandboxes.md. */
export function giftcardSandboxSection({ names, sandboxPort }: TemplateContext): string {
  const { folder, title, sandboxName } = names;
  return `## ${title} sandbox (port ${sandboxPort})

\`${sandboxName}\` (\`sandboxes/${folder}\`) stands in for ${title}, a gift card system
([adapters/${folder}.md](adapters/${folder}.md)).

| Path | What |
|---|---|
| \`POST /api/sandbox/cards\` | \`{cardId, balance, currency}\` → 201: a card to pay with |
| \`GET /v1/cards/{cardId}\` (\`X-API-Key\`, operation \`getCard\`) | \`{cardId, currency, available}\`: the balance less what is held; 404 \`card_not_found\` |
| \`PUT /v1/reservations/{id}\` (\`X-API-Key\`, operation \`reserve\`) | \`{cardId, amount, currency}\`: holds the amount under \`id\` (again: the same reservation; a released one is held again); 409 \`insufficient_balance\`, \`currency_mismatch\`, \`reservation_committed\` |
| \`POST /v1/reservations/{id}/commit\` (\`X-API-Key\`, operation \`commit\`) | takes the amount off the card's balance (again: no change); 409 when released |
| \`DELETE /v1/reservations/{id}\` (\`X-API-Key\`, operation \`release\`) | releases the hold (again: no change); 409 when committed |
| \`GET /api/sandbox/reservations/{id}\` | a reservation, as a test reads it |

Its API key is \`${folder}-sandbox-key\`. Failures and the clock: \`/api/sandbox/failures\`,
\`/api/sandbox/clock\` (see "Failure injection").
`;
}

/** A provider page's "Environment" section: its ports and its timeout. */
function environmentSection({ names, adapterPort, sandboxPort, apiTimeoutMs }: TemplateContext): string {
  const { title, constant, sandboxName } = names;
  return `## Environment

| Variable | Default | What |
|---|---|---|
| \`${constant}_ADAPTER_PORT\` | ${adapterPort} | the adapter's port |
| \`${constant}_API_TIMEOUT_MS\` | ${apiTimeoutMs} | the adapter's calls to ${title}'s API |
| \`${constant}_SANDBOX_PORT\` | ${sandboxPort} | the sandbox's port (\`${sandboxName}\`) |
`;
}
