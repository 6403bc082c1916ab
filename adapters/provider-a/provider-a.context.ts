import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, type Tenant } from '../kit/platform.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import { providerFailed, type AdapterKit, type MountedProvider, type TransactionLog } from '../kit/index.js';
import { ProviderAClient, ProviderAError } from './provider-a.client.js';
import type { ProviderAConfiguration } from './provider-a.types.js';

/** What every part of the adapter works with: the kit, the mounted runtime, the provider's client per configuration. */
export interface ProviderAContext {
  kit: AdapterKit<ProviderAConfiguration>;
  mounted: MountedProvider;
  client(configuration: ProviderAConfiguration): ProviderAClient;
}

/** The provider's client per configuration, each call waiting at most `timeoutMs` (PROVIDER_A_API_TIMEOUT_MS): the context's `client`. */
export const clientFor = (timeoutMs: number) => (configuration: ProviderAConfiguration) => new ProviderAClient(configuration.apiSettings, timeoutMs);

/** The provider's reference (its order id) of a payment; a payment without one never reached the provider. */
export function referenceOf(payment: PaymentDocument): string {
  if (!payment.reference) throw new AppError(409, 'payment_not_at_provider', `Payment ${payment.id} has no provider A order.`);
  return payment.reference;
}

/** Where the provider and the shopper's browser reach this adapter. */
export const callbackBase = (kit: AdapterKit<ProviderAConfiguration>, configuration: ProviderAConfiguration) =>
  (configuration.callbackBaseUrl ?? kit.publicUrl).replace(/\/+$/, '');

/** Provider callbacks carry no token: their address is signed (a week: the push is retried for a while) and names the tenant. */
const CALLBACK_TTL_S = 7 * 24 * 3600;

export function signedCallback(kit: AdapterKit<ProviderAConfiguration>, configuration: ProviderAConfiguration, path: string, tenant: Tenant, extra: Record<string, string> = {}): string {
  return kit.callbacks.forTenant(`${callbackBase(kit, configuration)}${path}`, tenant, extra, CALLBACK_TTL_S);
}

/**
 * The tenant of a provider (or browser) callback: its signed address says it (401 when forged or
 * expired). `unsignedParam`: a query parameter the provider adds to the signed address (its order id).
 */
export function tenantOfSigned(kit: AdapterKit<ProviderAConfiguration>, request: FastifyRequest, unsignedParam?: string): Tenant {
  return kit.callbacks.tenantOf(request.url, unsignedParam ? [unsignedParam] : []).tenant;
}

/** Back-office callers only (the payment actions): admin or service tokens. */
export function fromBackOffice(kit: AdapterKit<ProviderAConfiguration>, request: FastifyRequest): Tenant {
  const tenant = kit.fromCaller(request);
  const role = request.auth.principal.role;
  if (role !== 'admin' && role !== 'service') throw forbidden('Payment actions are for the back office (admin or service tokens).');
  return tenant;
}

/** What the shopper's return and the push answer while the provider has no completed purchase for the order yet. */
export const PURCHASE_NOT_COMPLETE = 'purchase_not_complete';

/**
 * Reading the provider's order (order management) failed: not there yet, because the shopper has
 * not completed the purchase (409 `purchase_not_complete`), the provider unreachable or failing
 * (502 `provider_unavailable`), or another refusal (400 `provider_failed`).
 */
export function readOrderFailed(error: unknown, paymentId: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ProviderAError && error.status === 404) {
    return new AppError(409, PURCHASE_NOT_COMPLETE, 'Provider A has no completed purchase for this payment yet.', { paymentId });
  }
  if (error instanceof ProviderAError && error.transient) {
    return new AppError(502, 'provider_unavailable', `Provider A could not be read: ${error.message}`, { paymentId });
  }
  return providerFailed(error, paymentId);
}

/** The failed transaction of a provider call. */
export function failedCall(error: unknown, fields: Omit<TransactionLog, 'isSuccess'>): TransactionLog {
  return {
    ...fields,
    isSuccess: false,
    pspStatus: error instanceof ProviderAError || error instanceof AppError ? error.code : 'error',
    errorDetail: error instanceof Error ? error.message : String(error),
    responseJson: error instanceof ProviderAError ? (error.body ?? null) : null,
  };
}

/** Runs work for one payment at a time in this process (confirm and push may arrive together). */
export class PaymentSerializer {
  private readonly running = new Map<string, Promise<unknown>>();

  run<T>(paymentId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.running.get(paymentId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.running.set(paymentId, next);
    void next.finally(() => {
      if (this.running.get(paymentId) === next) this.running.delete(paymentId);
    }).catch(() => undefined);
    return next;
  }
}
