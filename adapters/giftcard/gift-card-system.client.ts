import { ProviderError, ProviderHttpClient, type ProviderAnswer, type ProviderRefusal } from '../kit/index.js';
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

/** The gift card system refused (status set) or could not be reached (status undefined); `details` as its error body gives them. */
export class GiftCardSystemError extends ProviderError {
  override name = 'GiftCardSystemError';

  get details(): Record<string, unknown> | undefined {
    const details = (this.body as { details?: unknown } | undefined)?.details;
    return details && typeof details === 'object' ? (details as Record<string, unknown>) : undefined;
  }
}

const enc = encodeURIComponent;

export class GiftCardSystemClient {
  private readonly http: ProviderHttpClient;

  constructor(
    settings: GiftCardApiSettings,
    /** How long each call waits for an answer (GIFT_CARD_SYSTEM_TIMEOUT_MS). */
    timeoutMs: number,
  ) {
    this.http = new ProviderHttpClient({
      name: 'the gift card system',
      baseUrl: settings.baseUrl,
      timeoutMs,
      headers: { authorization: `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`, ...(settings.shopId ? { 'x-shop-id': settings.shopId } : {}) },
      guarded: false,
      error: GiftCardSystemError,
      refusal: refusalOf,
    });
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
    return this.http.send<T>({ method, path, body });
  }
}

/** The system's error body: `{code, message, details?}`. */
function refusalOf(answer: ProviderAnswer): ProviderRefusal {
  const error = (answer.body ?? {}) as { code?: unknown; message?: unknown };
  return {
    code: typeof error.code === 'string' ? error.code : `http_${answer.status}`,
    message: typeof error.message === 'string' ? error.message : `The gift card system answered HTTP ${answer.status}.`,
  };
}
