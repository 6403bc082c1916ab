import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import { DEFAULT_TIMEOUTS } from '../../platform/env/env.config.js';
import { callJson } from '../../platform/http-client/http-client.js';

/** The storefront actions the adapter subgraph drives; an adapter's manifest says where each goes. */
export const STOREFRONT_ACTIONS = ['createOrder', 'updateCartItem', 'refreshOrder', 'addGiftCard', 'createPayment', 'readPayment', 'completePayment', 'removePayment', 'listPaymentMethods', 'shippingOptions', 'selectShipping'] as const;
export type StorefrontAction = (typeof STOREFRONT_ACTIONS)[number];
const KINDS = ['commerce', 'payment', 'giftcard'] as const;

/** What an adapter says about itself at `GET {adapter_url}/.well-known/adapter.json`. */
export interface AdapterManifest {
  id: string;
  kind: (typeof KINDS)[number];
  name: string;
  routes: Partial<Record<StorefrontAction, string>>;
}

/** An adapter as the subgraph lists it: its manifest, or only its id when the manifest cannot be read. */
export interface AdapterDescriptor {
  id: string;
  kind: AdapterManifest['kind'];
  name: string;
  /** Whether its manifest was read: this platform reaches it. */
  available: boolean;
}

export const MANIFEST_PATH = '/.well-known/adapter.json';

export interface ManifestOptions {
  /** How long a manifest read is kept (default 60 s) … */
  ttlMs?: number;
  /** … and a failure to read one (default 5 s), so a starting adapter is seen soon. */
  failureTtlMs?: number;
  /** How long a manifest read waits (default ADAPTER_MANIFEST_TIMEOUT_MS's, 2 s). */
  timeoutMs?: number;
  /** The kinds the catalogue declares (ServiceSpec.adapterKind), by adapter id; an adapter left out is a payment adapter. */
  kinds?: Readonly<Record<string, AdapterManifest['kind']>>;
  now?: () => number;
}

/** Why a manifest is not one: undefined when it is. */
export function manifestProblem(id: string, value: unknown): string | undefined {
  const manifest = value as Partial<AdapterManifest> | null;
  if (typeof manifest !== 'object' || manifest === null) return 'it is not a JSON object';
  if (manifest.id !== id) return `it names ${JSON.stringify(manifest.id)}, not ${id}`;
  if (!KINDS.includes(manifest.kind as AdapterManifest['kind'])) return `kind must be one of ${KINDS.join(', ')}`;
  if (typeof manifest.name !== 'string' || manifest.name === '') return 'name must be a non-empty string';
  if (typeof manifest.routes !== 'object' || manifest.routes === null) return 'routes must be an object';
  for (const [action, path] of Object.entries(manifest.routes)) {
    if (!(STOREFRONT_ACTIONS as readonly string[]).includes(action)) return `routes.${action} is not a storefront action`;
    if (typeof path !== 'string' || !path.startsWith('/')) return `routes.${action} must be a path starting with /`;
  }
  return undefined;
}

/** A route's path with its `{name}` parameters filled in (each URL-encoded). */
export function fillRoute(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new AppError(502, 'adapter_manifest_invalid', `The adapter's route ${template} needs {${name}}, which this action does not have.`);
    return encodeURIComponent(value);
  });
}

type Entry = { at: number; ok: true; manifest: AdapterManifest } | { at: number; ok: false; reason: string };

/**
 * The adapters the platform knows (the catalogue's, by address) and what each says about itself,
 * read from its manifest with a timeout and kept for a while.
 */
export class AdapterRegistry {
  private readonly entries = new Map<string, Promise<Entry>>();

  constructor(
    private readonly adapterUrls: Readonly<Record<string, string>>,
    private readonly options: ManifestOptions = {},
  ) {}

  ids(): string[] {
    return Object.keys(this.adapterUrls);
  }

  /** Every known adapter; one whose manifest cannot be read is listed as unavailable. */
  async list(): Promise<AdapterDescriptor[]> {
    return Promise.all(this.ids().map(async (id) => (await this.find(id))!));
  }

  async find(id: string): Promise<AdapterDescriptor | undefined> {
    if (!Object.hasOwn(this.adapterUrls, id)) return undefined;
    const entry = await this.read(id);
    // Unreadable: all the platform knows is the id and the kind its catalogue row declares (unset: a payment adapter).
    return entry.ok ? { id, kind: entry.manifest.kind, name: entry.manifest.name, available: true } : { id, kind: this.options.kinds?.[id] ?? 'payment', name: id, available: false };
  }

  /** The path of an action at the adapter, from its manifest; a clear error when it cannot be had. */
  async route(id: string, action: StorefrontAction, what: string): Promise<{ baseUrl: string; template: string }> {
    if (!Object.hasOwn(this.adapterUrls, id)) throw notFound(`There is no adapter ${id}.`, 'adapter_not_found');
    const entry = await this.read(id);
    if (!entry.ok) throw new AppError(502, 'adapter_manifest_unavailable', `Adapter ${id} could not say what it supports (${entry.reason}).`);
    const template = entry.manifest.routes[action];
    if (!template) throw badRequest('action_not_supported', `${id} cannot ${what} here.`);
    return { baseUrl: this.adapterUrls[id]!.replace(/\/+$/, ''), template };
  }

  /** Every route an available adapter's manifest lists, with its base address (empty routes when unreadable). */
  async routes(id: string): Promise<Partial<Record<StorefrontAction, string>> & { baseUrl: string }> {
    if (!Object.hasOwn(this.adapterUrls, id)) throw notFound(`There is no adapter ${id}.`, 'adapter_not_found');
    const entry = await this.read(id);
    return { ...(entry.ok ? entry.manifest.routes : {}), baseUrl: this.adapterUrls[id]!.replace(/\/+$/, '') };
  }

  private async read(id: string): Promise<Entry> {
    const now = this.options.now ?? Date.now;
    const cached = this.entries.get(id);
    if (cached) {
      const entry = await cached;
      if (now() - entry.at < (entry.ok ? (this.options.ttlMs ?? 60_000) : (this.options.failureTtlMs ?? 5_000))) return entry;
      if (this.entries.get(id) !== cached) return this.read(id);
    }
    const reading = this.fetch(id, now);
    this.entries.set(id, reading);
    return reading;
  }

  private async fetch(id: string, now: () => number): Promise<Entry> {
    const url = `${this.adapterUrls[id]!.replace(/\/+$/, '')}${MANIFEST_PATH}`;
    try {
      const manifest = await callJson<unknown>(url, { timeoutMs: this.options.timeoutMs ?? DEFAULT_TIMEOUTS.adapterManifestMs });
      const problem = manifestProblem(id, manifest);
      return problem ? { at: now(), ok: false, reason: `its manifest is invalid: ${problem}` } : { at: now(), ok: true, manifest: manifest as AdapterManifest };
    } catch (error) {
      const status = (error as { httpStatus?: number }).httpStatus;
      return { at: now(), ok: false, reason: status ? `${MANIFEST_PATH} answered HTTP ${status}` : `${MANIFEST_PATH} could not be reached` };
    }
  }
}
