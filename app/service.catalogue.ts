import type { ServiceSpec } from '../platform/env/env.config.js';
import type { CatalogueEntry } from './catalogue-entry.js';
import { createAdapterService } from '../subgraphs/adapter/adapter.service.js';
import { createConfigurationService } from '../subgraphs/configuration/configuration.service.js';
import { staticNotificationsFor } from '../subgraphs/configuration/static-notifications.js';
import { createOrderService } from '../subgraphs/order/order.service.js';
import { createPaymentService } from '../subgraphs/payment/payment.service.js';
import { createNotificationAdmin, createNotificationService } from '../notifications/notification.service.js';
import { orderJobs } from '../subgraphs/order/engine/order-jobs.js';
import { PaymentCallbackLog } from '../subgraphs/order/engine/payment-callback.log.js';
import { commerceManifest } from '../adapters/commerce/commerce.manifest.js';
import { nonPspManifest } from '../adapters/nonpsp/nonpsp.manifest.js';
import { giftCardManifest } from '../adapters/giftcard/gift-card.manifest.js';
import { commerceSandboxManifest } from '../sandboxes/commerce/commerce-sandbox.manifest.js';
import { giftCardSandboxManifest } from '../sandboxes/giftcard/gift-card-sandbox.manifest.js';
import { createAdminWebService } from '../web/admin/admin-web.service.js';
import { createStorefrontService } from '../web/storefront/server/storefront.service.js';
import { providerCManifest } from '../adapters/provider-c/provider-c.manifest.js';
import { providerCSandboxManifest } from '../sandboxes/provider-c/provider-c-sandbox.manifest.js';
import { providerDManifest } from '../adapters/provider-d/provider-d.manifest.js';
import { providerDSandboxManifest } from '../sandboxes/provider-d/provider-d-sandbox.manifest.js';
import { providerAManifest } from '../adapters/provider-a/provider-a.manifest.js';
import { providerASandboxManifest } from '../sandboxes/provider-a/provider-a-sandbox.manifest.js';
import { providerBManifest } from '../adapters/provider-b/provider-b.manifest.js';
import { providerBSandboxManifest } from '../sandboxes/provider-b/provider-b-sandbox.manifest.js';
import { providerRows, storefrontProviders, type ProviderEntry } from './provider.rows.js';

export type { CatalogueEntry, ServiceFactory } from './catalogue-entry.js';

/**
 * The providers: each one row, its manifests (adapters/<provider>/<provider>.manifest.ts and, when
 * it has one, sandboxes/<provider>/<provider>-sandbox.manifest.ts). Adding a provider: its folders
 * and one row here; its ports, settings, schema, sandbox, demo configuration and storefront relay
 * come from its manifests (docs/adapter-kit.md, "The manifest").
 */
export const PROVIDERS: readonly ProviderEntry[] = [
  { adapter: commerceManifest, sandbox: commerceSandboxManifest },
  { adapter: nonPspManifest },
  { adapter: giftCardManifest, sandbox: giftCardSandboxManifest },
  { adapter: providerCManifest, sandbox: providerCSandboxManifest },
  { adapter: providerDManifest, sandbox: providerDSandboxManifest },
  { adapter: providerAManifest, sandbox: providerASandboxManifest },
  { adapter: providerBManifest, sandbox: providerBSandboxManifest },
];

/**
 * The one list of services. Everything else (ports, URLs, SERVICES, the runner, credentials, the
 * adapter registry, the demo data, the storefront's relay) reads from here.
 */
export const CATALOGUE: readonly CatalogueEntry[] = [
  { name: 'gateway', kind: 'platform', port: 4000 },
  {
    name: 'order',
    kind: 'subgraph',
    port: 4001,
    factory: (deps) => createOrderService(deps, { staticNotifications: (tenant) => staticNotificationsFor(deps.db.prisma, tenant), notificationAdmin: createNotificationAdmin(deps.db) }),
  },
  { name: 'payment', kind: 'subgraph', port: 4002, factory: createPaymentService },
  { name: 'configuration', kind: 'subgraph', port: 4003, factory: createConfigurationService },
  { name: 'adapter', kind: 'subgraph', port: 4004, factory: createAdapterService },
  // The worker gets the order engine's side of its payment-callback and amountChanged jobs from here (docs/layering.md).
  { name: 'notifications', kind: 'platform', port: 4005, factory: (deps) => createNotificationService(deps, orderJobs(new PaymentCallbackLog(deps.db.pool, deps.logger))) },
  ...providerRows(PROVIDERS, 'adapter'),
  ...providerRows(PROVIDERS, 'sandbox'),
  // The admin app (web/admin, docs/admin.md): a page for browsers, holding no data of its own.
  { name: 'admin', kind: 'web', port: 4301, factory: createAdminWebService },
  { name: 'storefront', kind: 'web', port: 4300, factory: (deps) => createStorefrontService(deps, storefrontProviders(PROVIDERS)) },
];

/** The rows as configuration reads them: a row runs here when it has a factory (the gateway always can). */
export const SERVICE_SPECS: readonly ServiceSpec[] = CATALOGUE.map(({ factory, ...spec }) => ({ ...spec, runs: factory !== undefined || spec.name === 'gateway' }));

/** Every service this code base can run, in catalogue order (SERVICES=all). */
export const SERVICE_NAMES: readonly string[] = SERVICE_SPECS.filter((spec) => spec.runs).map((spec) => spec.name);
/** The subgraphs the gateway federates. */
export const SUBGRAPHS = CATALOGUE.filter((entry) => entry.kind === 'subgraph');
/** Every adapter the platform knows (running here or not). */
export const ADAPTER_IDS: readonly string[] = CATALOGUE.filter((entry) => entry.kind === 'adapter').map((entry) => entry.name);
