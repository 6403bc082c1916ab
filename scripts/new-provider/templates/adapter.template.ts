import { adapterAppFile, apiClientFile, apiSettingsSchema, identityLines, manifestFile, settingsFile } from './adapter-parts.template.js';
import type { ScaffoldFile, TemplateContext } from './template-context.js';

/**
 * The adapter folder of a payment provider (docs/adapter-kit.md, "A redirect provider", "An
 * embedded provider"): its session is the provider's hosted page (redirect) or component
 * (embedded); the provider's signed webhook says the shopper paid, and for a redirect provider
 * the shopper's return to a signed address says it too. Either applies the outcome once.
 */
export function adapterFiles(context: TemplateContext): ScaffoldFile[] {
  const { names, flow } = context;
  const { folder, title, camel, pascal, adapterId } = names;
  const dir = `adapters/${folder}`;
  const redirect = flow === 'redirect';
  return [
    {
      path: `${dir}/${folder}.types.ts`,
      text: `${identityLines(context)}/** Where ${title} posts its signed webhooks (named in each session it opens). */
export const WEBHOOK_PATH = \`\${ADAPTER_BASE}/webhook\`;
${
  redirect
    ? `/** Where the provider sends the shopper back after paying (signed, names the tenant, order and payment). */
export const RETURN_PATH = \`\${ADAPTER_BASE}/return\`;
`
    : ''
}
/** The adapter's configuration in a channel (${adapterId}.schema.json). */
export interface ${pascal}Configuration {
  apiSettings: { apiUrl: string; apiKey: string };${redirect ? '\n  redirectUrls: { checkoutUrl: string; confirmationUrl: string };' : ''}
}

${
  redirect
    ? `/** What the storefront is answered for a payment: where to send the shopper, and the signed way back if they cancel. */
export interface ${pascal}Session {
  paymentId: string;
  redirectUrl: string;
  cancelUrl?: string;
}`
    : `/** What the storefront is answered for a payment: the provider's component to mount (an iframe of its page). */
export interface ${pascal}Session {
  paymentId: string;
  sessionId: string;
  componentUrl: string;
}`
}
`,
    },
    settingsFile(context),
    apiClientFile(context, {
      types: `/** Echoed by ${title} in its session and webhooks: which channel, order and payment the session is for. */
export interface ${pascal}Metadata {
  merchant: string;
  channel: string;
  orderId: string;
  paymentId: string;
}

/** A checkout session at ${title}: its ${redirect ? 'hosted page' : 'component page'} (\`url\`) and where it stands. */
export interface ${pascal}ProviderSession {
  id: string;
  url: string;
  status: 'open' | 'paid' | 'cancelled';
  amount: number;
  currency: string;
  reference: string;
  metadata: ${pascal}Metadata;
}

export interface ${pascal}SessionRequest {
  amount: number;
  currency: string;
  /** The payment's id: the provider's idempotency key for this session. */
  reference: string;
  /** Where ${title} posts the session's signed webhooks. */
  webhookUrl: string;
  metadata: ${pascal}Metadata;${redirect ? '\n  returnUrl: string;\n  cancelUrl: string;' : ''}
}

`,
      about: '',
      methods: `  createSession = (body: ${pascal}SessionRequest) => this.http.send<${pascal}ProviderSession>({ method: 'POST', path: '/v1/sessions', body, idempotencyKey: body.reference });

  /** The amount the session asks for follows the order (the payment's new share); keyed, so a retried call changes nothing. */
  updateSession = (id: string, amount: number, idempotencyKey: string) =>
    this.http.send<${pascal}ProviderSession>({ method: 'PATCH', path: \`/v1/sessions/\${encodeURIComponent(id)}\`, body: { amount }, idempotencyKey, route: '/v1/sessions/{id}' });

  getSession = (id: string) => this.http.send<${pascal}ProviderSession>({ method: 'GET', path: \`/v1/sessions/\${encodeURIComponent(id)}\`, route: '/v1/sessions/{id}' });
`,
    }),
    providerFile(context),
    webhookFile(context),
    ...(redirect ? [returnRoutesFile(context)] : []),
    adapterAppFile(context, {
      kind: 'payment',
      what: `${redirect ? 'a redirect' : 'an embedded'} provider on the kit's provider runtime (\`{adapter_url}\` is \`/api/checkout/v1\`, the webhook included)${redirect ? " and the shopper's return" : ''}.`,
      imports: redirect ? `import { register${pascal}Return } from './${folder}-return.routes.js';\n` : '',
      mount: redirect
        ? `  const mounted = mountPaymentProvider(kit, ${camel}Provider(kit, clients), { basePath: ADAPTER_BASE });
  register${pascal}Return(kit, mounted, clients);`
        : `  mountPaymentProvider(kit, ${camel}Provider(kit, clients), { basePath: ADAPTER_BASE });`,
    }),
    manifestFile(context, {
      what: `${title} (${redirect ? 'a redirect' : 'an embedded'} provider; its browser frontend is \`frontend/${folder}.frontend.ts\`)`,
      kindLine: '',
      demo: `({ urls, base${redirect ? ', shopPages' : ''} }) =>
      urls[SANDBOX]
        ? { ...base, apiSettings: { apiUrl: urls[SANDBOX], apiKey: '${folder}-sandbox-key' }${redirect ? ', redirectUrls: { checkoutUrl: shopPages.checkout, confirmationUrl: shopPages.confirmation }' : ''} }
        : undefined`,
    }),
    { path: `${dir}/${adapterId}.schema.json`, text: `${JSON.stringify(configurationSchema(context), null, 2)}\n` },
    {
      path: `${dir}/frontend/tsconfig.json`,
      text: `{\n  "extends": "../../../web/checkout-client/tsconfig.json",\n  "include": ["."]\n}\n`,
    },
    { path: `${dir}/frontend/${folder}.frontend.ts`, text: redirect ? redirectFrontend(context) : embeddedFrontend(context) },
  ];
}

/** The provider: create opens a session (and names the webhook), read re-reads it, amountChanged moves its amount, the webhook. */
function providerFile({ names, flow }: TemplateContext): ScaffoldFile {
  const { folder, title, camel, pascal, constant } = names;
  const redirect = flow === 'redirect';
  return {
    path: `adapters/${folder}/${folder}.provider.ts`,
    text: `import { ${redirect ? 'fillTemplate, orderValues, ' : ''}type AdapterKit, type PaymentProvider } from '../kit/index.js';
import type { ${pascal}Clients } from './${folder}-api.client.js';
import { parse${pascal}Webhook } from './${folder}.webhook.js';
import { ${constant}_PAYMENT_NAME, ${redirect ? 'RETURN_PATH, ' : ''}WEBHOOK_PATH, type ${pascal}Configuration, type ${pascal}Session } from './${folder}.types.js';
${redirect ? `\n/** A return address lives a day: a shopper may take their time on the provider's page. */\nconst RETURN_TTL_S = 24 * 3600;\n` : ''}
/**
 * ${title} as the kit's payment provider: create opens a session at the provider (its ${redirect ? 'hosted page' : 'component, mounted by the storefront'})
 * and answers ${redirect ? '`{paymentId, redirectUrl, cancelUrl}`' : '`{paymentId, sessionId, componentUrl}`'}; read re-reads it; amountChanged moves its
 * amount. The payment stays \`intent\` until ${title}'s signed webhook says the shopper paid (${folder}.webhook.ts)${redirect ? ` or the shopper comes back (${folder}-return.routes.ts)` : ''}.
 */
export function ${camel}Provider(kit: AdapterKit<${pascal}Configuration>, clients: ${pascal}Clients): PaymentProvider<${pascal}Configuration, ${pascal}Session> {
  return {
    name: ${constant}_PAYMENT_NAME,

    async createSession({ tenant, order, configuration, payment${redirect ? ', cancelUrl' : ''} }) {
${
  redirect
    ? `      const returnUrl = kit.callbacks.forTenant(\`\${kit.publicUrl}\${RETURN_PATH}\`, tenant, { orderId: order.id, paymentId: payment.id }, RETURN_TTL_S);
`
    : ''
}      const request = {
        amount: payment.amount,
        currency: order.currency,
        reference: payment.id,
        webhookUrl: \`\${kit.publicUrl}\${WEBHOOK_PATH}\`,
        metadata: { ...tenant, orderId: order.id, paymentId: payment.id },
${
  redirect
    ? `        returnUrl,
        cancelUrl: cancelUrl ?? fillTemplate(configuration.redirectUrls.checkoutUrl, orderValues(order, payment.id)),
`
    : ''
}      };
      const session = await clients(configuration).createSession(request);
      return {
        reference: session.id,
        response: ${redirect ? '{ paymentId: payment.id, redirectUrl: session.url, cancelUrl: request.cancelUrl }' : '{ paymentId: payment.id, sessionId: session.id, componentUrl: session.url }'},
        pspStatus: session.status,
        requestJson: { amount: request.amount, currency: request.currency, reference: request.reference },
        responseJson: session,
      };
    },

    async readSession({ configuration, payment${redirect ? ', cancelUrl' : ''} }) {
      const session = await clients(configuration).getSession(payment.reference ?? '');
      return ${redirect ? '{ paymentId: payment.id, redirectUrl: session.url, ...(cancelUrl ? { cancelUrl } : {}) }' : '{ paymentId: payment.id, sessionId: session.id, componentUrl: session.url }'};
    },

    /** The session holds the amount the shopper will pay: it follows the payment's share (registered as amountChanged on each payment). */
    async amountChanged({ configuration, payment, amount }) {
      await clients(configuration).updateSession(payment.reference ?? '', amount, \`\${payment.id}:amount:\${amount}\`);
      return { amount, transaction: { event: 'update', pspEvent: 'amount-changed', amount, isSuccess: true, requestJson: { amount } } };
    },

    webhook: { path: WEBHOOK_PATH, parse: parse${pascal}Webhook },
  };
}
`,
  };
}

/** The provider's signed webhook: verified with the channel's API key, turned into the one \`authorized\` action of a paid session. */
function webhookFile({ names }: TemplateContext): ScaffoldFile {
  const { folder, title, pascal } = names;
  return {
    path: `adapters/${folder}/${folder}.webhook.ts`,
    text: `import { AppError, hasValidWebhookSignature, WEBHOOK_SIGNATURE_HEADER, type Tenant } from '../kit/platform.js';
import type { WebhookAction, WebhookRequest } from '../kit/index.js';
import type { ${pascal}ProviderSession } from './${folder}-api.client.js';
import type { ${pascal}Configuration } from './${folder}.types.js';

/** What ${title} posts when a session changes: the event and the session as its API answers it. */
export interface ${pascal}WebhookEvent {
  type: 'session.paid' | 'session.cancelled';
  session: ${pascal}ProviderSession;
}

const refused = (message: string) => new AppError(401, 'webhook_signature_invalid', message);

/** A paid session as the one action it comes to; keyed by the session, so the webhook and the shopper's return apply it once between them. */
export const paidAction = (tenant: Tenant, session: ${pascal}ProviderSession): WebhookAction => ({
  eventKey: \`session:\${session.id}:paid\`,
  tenant,
  orderId: session.metadata.orderId,
  paymentId: session.metadata.paymentId,
  reference: session.id,
  outcome: 'authorized',
  amount: session.amount,
  success: true,
  pspStatus: session.status,
  raw: session,
});

/**
 * ${title}'s webhook: the session's metadata names the channel, that channel's API key must have
 * signed the exact body (\`X-Webhook-Signature: sha256=<hex>\`), else 401 and the provider retries.
 * A paid session is the \`authorized\` action (the runtime applies it once: a second delivery changes
 * nothing); a cancelled one changes nothing (the shopper may pay another way) and is acknowledged.
 */
export async function parse${pascal}Webhook(request: WebhookRequest, configurationFor: (tenant: Tenant) => Promise<${pascal}Configuration>): Promise<WebhookAction[]> {
  const event = request.body as Partial<${pascal}WebhookEvent> | null;
  const metadata = event?.session?.metadata;
  if (!event?.session?.id || !metadata?.merchant || !metadata.channel || !metadata.orderId || !metadata.paymentId) {
    throw new AppError(400, 'invalid_webhook', 'A ${title} webhook names its session and the session its merchant, channel, order and payment (metadata).');
  }
  const tenant = { merchant: metadata.merchant, channel: metadata.channel };
  const configuration = await configurationFor(tenant).catch(() => {
    throw refused('The webhook names a channel without a ${title} configuration.');
  });
  if (!hasValidWebhookSignature(request.rawBody, request.headers[WEBHOOK_SIGNATURE_HEADER], configuration.apiSettings.apiKey)) {
    throw refused('The webhook signature (X-Webhook-Signature) is not valid for the channel.');
  }
  return event.type === 'session.paid' && event.session.status === 'paid' ? [paidAction(tenant, event.session)] : [];
}
`,
  };
}

/** The shopper's return from the redirect provider's page. */
function returnRoutesFile({ names }: TemplateContext): ScaffoldFile {
  const { folder, title, pascal } = names;
  const dir = `adapters/${folder}`;
  return {
    path: `${dir}/${folder}-return.routes.ts`,
    text: `import { applyWebhookAction, fillTemplate, orderValues, type AdapterKit, type MountedProvider } from '../kit/index.js';
import { badRequest } from '../kit/platform.js';
import type { ${pascal}Clients } from './${folder}-api.client.js';
import { paidAction } from './${folder}.webhook.js';
import { RETURN_PATH, type ${pascal}Configuration } from './${folder}.types.js';

/**
 * The shopper's return from ${title}'s page: the signed address says who is coming back, the
 * provider says what was paid (the session re-read). A paid session is applied once, whether its
 * webhook came first or comes later (\`authorized\`: the payment reserved, the order completed);
 * then 302 to the shop's confirmation page.
 */
export function register${pascal}Return(kit: AdapterKit<${pascal}Configuration>, mounted: MountedProvider, clients: ${pascal}Clients): void {
  kit.app.get(RETURN_PATH, { config: { public: true } }, async (request, reply) => {
    const { tenant, query } = kit.callbacks.tenantOf(request.url);
    const { orderId, paymentId } = query;
    if (!orderId || !paymentId) throw badRequest('invalid_request', 'The return address names no order or payment.');
    const configuration = await kit.configuration.get(tenant);
    const order = await kit.orders.getOrder(tenant, orderId);
    const payment = kit.ownPayment(order, paymentId);
    if (payment.reference) {
      const session = await clients(configuration).getSession(payment.reference);
      if (session.status === 'paid') {
        // The same action (and key) as the webhook's: whichever comes first applies it, the other changes nothing.
        await applyWebhookAction(kit, paidAction(tenant, session), mounted);
      }
    }
    return reply.redirect(fillTemplate(configuration.redirectUrls.confirmationUrl, orderValues(order, paymentId)), 302);
  });
}
`,
  };
}

/** A redirect provider's frontend: starts the payment and sends the shopper to the provider's page. */
function redirectFrontend({ names }: TemplateContext): string {
  const { folder, title, camel, adapterId } = names;
  return `// ${title}'s frontend: starts the payment and sends the shopper to the provider's hosted page (docs/adapters/${folder}.md).
import { shopperMessage } from '../../../web/checkout-client/core/shopper-words.js';
import { dataString, startPayment } from '../../../web/checkout-client/core/start-payment.js';
import { element, muted } from '../../../web/checkout-client/core/frontends/dom.js';
import type { AdapterFrontend, ProviderFrontend } from '../../../web/checkout-client/core/frontends/provider-frontend.js';

export const ${camel}Frontend: ProviderFrontend = {
  mount(root, { client, orderId, adapterId, onError }) {
    let closed = false;
    root.replaceChildren(muted("Opening ${title}'s page…"));
    startPayment(client, orderId, adapterId).then(
      (session) => {
        if (closed) return;
        const redirectUrl = dataString(session, 'redirectUrl');
        if (!redirectUrl) return root.replaceChildren(muted('The provider answered no page for this payment.'));
        root.replaceChildren(element('a', { href: redirectUrl, class: 'provider-redirect', 'data-testid': '${folder}-redirect' }, 'Pay with ${title}'));
        window.location.assign(redirectUrl);
      },
      (error: unknown) => {
        if (!closed) onError(shopperMessage(error instanceof Error ? error.message : String(error)));
      },
    );
    return {
      unmount: () => {
        closed = true;
        root.replaceChildren();
      },
    };
  },
};

/** Found by the checkout client's registry (web/checkout-client/core/frontends/registry.ts) in this folder. */
export const adapterFrontend: AdapterFrontend = { adapterId: '${adapterId}', frontend: ${camel}Frontend };
`;
}

/** An embedded provider's frontend: starts the payment and mounts the provider's component (an iframe of its page) in the checkout. */
function embeddedFrontend({ names }: TemplateContext): string {
  const { folder, title, camel, adapterId } = names;
  return `// ${title}'s frontend: starts the payment and mounts the provider's component in the checkout (docs/adapters/${folder}.md).
import { shopperMessage } from '../../../web/checkout-client/core/shopper-words.js';
import { dataString, startPayment } from '../../../web/checkout-client/core/start-payment.js';
import { element, muted } from '../../../web/checkout-client/core/frontends/dom.js';
import type { AdapterFrontend, ProviderFrontend } from '../../../web/checkout-client/core/frontends/provider-frontend.js';

/** What the component posts to the checkout's window when the shopper has paid (the order follows through the provider's webhook). */
const PAID_MESSAGE = '${folder}:paid';

export const ${camel}Frontend: ProviderFrontend = {
  mount(root, { client, orderId, adapterId, onCompleted, onError }) {
    let closed = false;
    let componentOrigin: string | undefined;
    const onMessage = (event: MessageEvent) => {
      if (!closed && event.origin === componentOrigin && (event.data as { type?: unknown } | null)?.type === PAID_MESSAGE) onCompleted();
    };
    window.addEventListener('message', onMessage);
    root.replaceChildren(muted('Loading ${title}…'));
    startPayment(client, orderId, adapterId).then(
      (session) => {
        if (closed) return;
        const componentUrl = dataString(session, 'componentUrl');
        if (!componentUrl) return root.replaceChildren(muted('The provider answered no component for this payment.'));
        componentOrigin = new URL(componentUrl).origin;
        root.replaceChildren(element('iframe', { src: componentUrl, title: '${title}', class: 'provider-component', 'data-testid': '${folder}-component', style: 'width: 100%; min-height: 16rem; border: 0' }));
      },
      (error: unknown) => {
        if (!closed) onError(shopperMessage(error instanceof Error ? error.message : String(error)));
      },
    );
    return {
      unmount: () => {
        closed = true;
        window.removeEventListener('message', onMessage);
        root.replaceChildren();
      },
    };
  },
};

/** Found by the checkout client's registry (web/checkout-client/core/frontends/registry.ts) in this folder. */
export const adapterFrontend: AdapterFrontend = { adapterId: '${adapterId}', frontend: ${camel}Frontend };
`;
}

/** The configuration schema: every property with a title and a description (the admin's labels and help). */
function configurationSchema({ names, flow }: TemplateContext): object {
  const { title, adapterId } = names;
  const redirect = flow === 'redirect';
  // A page template: {orderId} and the like are not valid in a URI until filled in.
  const page = (propertyTitle: string, description: string) => ({ type: 'string', minLength: 1, pattern: '^https?://', title: propertyTitle, description });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${title} adapter configuration`,
    description: `Configuration of ${adapterId} (${redirect ? "a redirect provider: the shopper pays on the provider's page" : "an embedded provider: the shopper pays in the provider's component inside the checkout"}).`,
    allOf: [{ $ref: 'https://schemas.checkout-platform.example/configuration/v1/basic-configuration.json' }],
    type: 'object',
    required: redirect ? ['apiSettings', 'redirectUrls'] : ['apiSettings'],
    properties: {
      apiSettings: apiSettingsSchema(names),
      // An embedded provider's shopper never leaves the checkout: no pages to send them back to.
      ...(redirect
        ? {
          redirectUrls: {
            type: 'object',
            title: 'Shop pages',
            description: 'Where the shopper is sent back to; {orderId}, {paymentId}, {merchant} and {channel} are filled in.',
            required: ['checkoutUrl', 'confirmationUrl'],
            properties: {
              checkoutUrl: page('Checkout page', "The shop's checkout page, where a shopper who cancels at the provider goes back to."),
              confirmationUrl: page('Confirmation page', "The shop's confirmation page, where a shopper who paid is sent."),
            },
          },
          }
        : {}),
    },
  };
}
