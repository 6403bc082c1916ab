import { createHash } from 'node:crypto';
import { ProviderError, ProviderHttpClient, type ProviderAnswer, type ProviderRefusal, type ProviderRequest } from '../kit/index.js';
import type { ModificationAnswer, PaymentCancelRequest, PaymentCaptureRequest, PaymentDetailsRequest, PaymentMethodsRequest, PaymentRefundRequest, PaymentRequest, ProviderDConfiguration, ProviderPaymentResponse } from './provider-d.types.js';

/** Provider D refused (status set) or could not be reached (status undefined). */
export class ProviderDError extends ProviderError {
  override name = 'ProviderDError';
}

/** An idempotency key (≤ 64 characters) for one request: the same request, the same key. */
export const idempotencyKeyFor = (scope: string, body: unknown) => createHash('sha256').update(scope).update('\u0000').update(JSON.stringify(body)).digest('hex');

/** The published API version the adapter speaks (Adyen Checkout API v71): every path is under `/v71`. */
export const PROVIDER_D_API_VERSION = 'v71';

/**
 * The configured `apiUrl` without a trailing version: the adapter pins the version itself, so
 * `https://checkout-test.adyen.com` and `https://checkout-test.adyen.com/v71` (as the provider
 * writes its base URL) both reach `/v71/payments`.
 */
export const apiBaseOf = (apiUrl: string) => apiUrl.replace(/\/+$/, '').replace(/\/v\d+$/, '');

/** Provider D's client for a channel's configuration (one per call). */
export type ProviderDClients = (configuration: ProviderDConfiguration) => ProviderDClient;
/** Clients whose calls wait at most `timeoutMs` (PROVIDER_D_API_TIMEOUT_MS). */
export const providerDClients = (timeoutMs: number): ProviderDClients => (configuration) => new ProviderDClient(configuration.apiSettings, timeoutMs);

/**
 * Provider D's API — Adyen Checkout API v71 as published (docs/adapters/provider-d.md, "Published
 * API"): `{apiUrl}/v71/…`, `X-API-Key`, JSON, amounts in the provider's minor units,
 * `Idempotency-Key` on every POST. Each request body is the provider's own model
 * (`@adyen/api-library`'s Checkout types, provider-d.types.ts). Answers are returned as the
 * provider gave them.
 */
export class ProviderDClient {
  private readonly http: ProviderHttpClient;

  constructor(
    private readonly settings: ProviderDConfiguration['apiSettings'],
    /** How long each call waits for an answer (PROVIDER_D_API_TIMEOUT_MS). */
    timeoutMs: number,
  ) {
    this.http = new ProviderHttpClient({
      name: 'Provider D',
      baseUrl: `${apiBaseOf(settings.apiUrl)}/${PROVIDER_D_API_VERSION}`,
      timeoutMs,
      headers: { 'X-API-Key': settings.apiKey },
      idempotencyKeyMaxLength: 64,
      error: ProviderDError,
      refusal: refusalOf,
    });
  }

  paymentMethods = (body: Omit<PaymentMethodsRequest, 'merchantAccount'>) =>
    this.post<{ paymentMethods: unknown[]; storedPaymentMethods?: unknown[] }>('/paymentMethods', { ...body, merchantAccount: this.settings.merchantAccount } satisfies PaymentMethodsRequest);

  payments = (body: Omit<PaymentRequest, 'merchantAccount'>, idempotencyKey: string) => this.post<ProviderPaymentResponse>('/payments', { ...body, merchantAccount: this.settings.merchantAccount } satisfies PaymentRequest, idempotencyKey);

  details = (body: PaymentDetailsRequest, idempotencyKey: string) => this.post<ProviderPaymentResponse>('/payments/details', body, idempotencyKey);

  capture = (pspReference: string, body: Omit<PaymentCaptureRequest, 'merchantAccount'>, idempotencyKey: string) =>
    this.post<ModificationAnswer>(`/payments/${encodeURIComponent(pspReference)}/captures`, { ...body, merchantAccount: this.settings.merchantAccount } satisfies PaymentCaptureRequest, idempotencyKey);

  refund = (pspReference: string, body: Omit<PaymentRefundRequest, 'merchantAccount'>, idempotencyKey: string) =>
    this.post<ModificationAnswer>(`/payments/${encodeURIComponent(pspReference)}/refunds`, { ...body, merchantAccount: this.settings.merchantAccount } satisfies PaymentRefundRequest, idempotencyKey);

  cancel = (pspReference: string, body: Omit<PaymentCancelRequest, 'merchantAccount'>, idempotencyKey: string) =>
    this.post<ModificationAnswer>(`/payments/${encodeURIComponent(pspReference)}/cancels`, { ...body, merchantAccount: this.settings.merchantAccount } satisfies PaymentCancelRequest, idempotencyKey);

  private post<T>(path: string, body: unknown, idempotencyKey?: string): Promise<T> {
    return this.http.send<T>({ method: 'POST', path, body, route: path.replace(/\/payments\/[^/]+\//, '/payments/{pspReference}/'), ...(idempotencyKey ? { idempotencyKey } : {}) });
  }
}

/** Adyen's error form: `errorCode`, `message`. */
function refusalOf(answer: ProviderAnswer, request: ProviderRequest): ProviderRefusal {
  const error = (answer.body ?? null) as { message?: unknown; errorCode?: unknown } | null;
  return {
    code: typeof error?.errorCode === 'string' ? error.errorCode : `HTTP_${answer.status}`,
    message: `Provider D refused POST ${request.route ?? request.path} (${answer.status}): ${typeof error?.message === 'string' ? error.message : answer.text.slice(0, 200)}`,
  };
}
