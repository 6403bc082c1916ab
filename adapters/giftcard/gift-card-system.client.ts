import { withClientSpan } from '../kit/platform.js';
/**
 * A typed client for the gift card system (docs/sandboxes.md, "Gift card API"): HTTP Basic,
 * amounts in major units. Every refusal is a GiftCardSystemError carrying the system's status
 * and code, so the adapter decides what its own callers see (a 401 of the gift card system is
 * the adapter's problem, never the shopper's).
 */

export interface GiftCardApiSettings {
  baseUrl: string;
  username: string;
  password: string;
  shopId?: string;
}

/** `GET /api/v1/cards/{cardId}/info`: the card without any code check. */
export interface CardInfo {
  cardId: string;
  balance: number;
  currency: string;
  codeRequired: boolean;
  reserved: number;
  available: number;
}

export type ReservationStatus = 'reserved' | 'cancelled' | 'committed' | 'expired';

export interface Reservation {
  reservationId: string;
  cardId: string;
  orderId: string;
  paymentId: string;
  amount: number;
  currency: string;
  status: ReservationStatus;
  createdAt: string;
  expiresAt: string;
}

export interface ReserveRequest {
  orderId: string;
  paymentId: string;
  amount: number;
  code?: string;
  currency?: string;
}

/** The gift card system refused (status set) or could not be reached (status undefined). */
export class GiftCardSystemError extends Error {
  override name = 'GiftCardSystemError';
  constructor(
    readonly status: number | undefined,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** Whether trying again later may succeed (unreachable, 5xx, 429). */
  get transient(): boolean {
    return this.status === undefined || this.status >= 500 || this.status === 429;
  }
}

const enc = encodeURIComponent;

export class GiftCardSystemClient {
  private readonly baseUrl: string;
  private readonly authorization: string;

  constructor(
    private readonly settings: GiftCardApiSettings,
    /** How long each call waits for an answer (GIFT_CARD_SYSTEM_TIMEOUT_MS). */
    private readonly timeoutMs: number,
  ) {
    this.baseUrl = settings.baseUrl.replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`;
  }

  cardInfo = (cardId: string) => this.call<CardInfo>('GET', `/api/v1/cards/${enc(cardId)}/info`);

  /** Idempotent per (orderId, paymentId): the same card and amount answer the live reservation. */
  reserve = (cardId: string, request: ReserveRequest) => this.call<Reservation>('POST', `/api/v1/cards/${enc(cardId)}/reservations`, request);

  /** Idempotent; 409 `reservation_committed` once committed. */
  cancel = (reservationId: string) => this.call<Reservation>('DELETE', `/api/v1/reservations/${enc(reservationId)}`);

  /** Idempotent; the balance drops now. 409 `reservation_cancelled` / `reservation_expired`. */
  commit = (reservationId: string) => this.call<Reservation>('POST', `/api/v1/reservations/${enc(reservationId)}/commit`);

  async reservationsOf(orderId: string, paymentId: string): Promise<Reservation[]> {
    const answer = await this.call<{ reservations: Reservation[] }>('GET', `/api/v1/reservations?orderId=${enc(orderId)}&paymentId=${enc(paymentId)}`);
    return answer.reservations;
  }

  private call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return withClientSpan({ name: `${method} gift card system`, method, url: `${this.baseUrl}${path}` }, (traceHeaders) => this.send<T>(method, path, body, traceHeaders));
  }

  private async send<T>(method: string, path: string, body: unknown, traceHeaders: Record<string, string>): Promise<T> {
    const url = `${this.baseUrl}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          authorization: this.authorization,
          ...(this.settings.shopId ? { 'x-shop-id': this.settings.shopId } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...traceHeaders,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new GiftCardSystemError(undefined, timedOut ? 'timeout' : 'unreachable', `The gift card system ${timedOut ? 'did not answer in time' : 'could not be reached'} (${method} ${path.split('?')[0]}).`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const error = (parsed ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
      throw new GiftCardSystemError(
        response.status,
        typeof error.code === 'string' ? error.code : `http_${response.status}`,
        typeof error.message === 'string' ? error.message : `The gift card system answered HTTP ${response.status}.`,
        error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : undefined,
      );
    }
    return parsed as T;
  }
}
