import type { Tenant } from '../../platform/auth/principal.js';
import type { PaymentDocument } from '../../contracts/order.types.js';
import type { AdapterIdentity } from './adapter-identity.js';
import { enc, type NewHook } from './order-service.client.js';
import { callJson } from './platform-call.js';

export interface TransactionLog {
  event: string;
  pspEvent?: string;
  amount?: number;
  isSuccess: boolean;
  pspStatus?: string;
  requestJson?: unknown;
  responseJson?: unknown;
  /** What went wrong, shown to the merchant; required in practice when isSuccess is false. */
  errorDetail?: string;
  /** A provider event's key: unique per payment; a second one is refused 409 `duplicate_event` and changes nothing. */
  eventKey?: string;
}

/** The payment API (docs/payment-api.md): payments are written through the order engine. */
export class PaymentApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly identity: AdapterIdentity,
  ) {}

  private async call<T>(tenant: Tenant, method: string, path: string, body: unknown): Promise<T> {
    return callJson<T>(`${this.baseUrl}/api/v0/payments${path}`, { method, headers: await this.identity.headersFor(tenant), body });
  }

  /**
   * Creates a payment in one commit: any payment fields (an `id` the adapter chose, `reference`,
   * `callbacks` whose addresses may hold `{paymentId}`, filled in by the platform) and an optional
   * first `transaction`, logged with it, and the payment's `hooks`, registered in the same commit.
   */
  createPayment(tenant: Tenant, payment: Partial<PaymentDocument> & Pick<PaymentDocument, 'amount'> & { orderId: string; transaction?: TransactionLog; hooks?: NewHook[] }): Promise<PaymentDocument> {
    return this.call(tenant, 'POST', '', { adapterId: this.identity.adapterId, merchant: tenant.merchant, channel: tenant.channel, ...payment });
  }

  /**
   * Present fields replace the stored ones; `transaction` is logged in the same commit (none when nothing changes).
   * `refund`: a refund the provider reported, added to `refundedAmount` by the platform's refund rule (needs `transaction.eventKey`).
   */
  updatePayment(tenant: Tenant, orderId: string, paymentId: string, fields: Partial<PaymentDocument> & { transaction?: TransactionLog; refund?: { amount: number } }): Promise<PaymentDocument> {
    return this.call(tenant, 'PUT', `/${enc(paymentId)}`, { ...fields, orderId });
  }

  logTransaction(tenant: Tenant, orderId: string, paymentId: string, transaction: TransactionLog): Promise<{ id: string }> {
    return this.call(tenant, 'POST', `/${enc(paymentId)}/transactions`, { ...transaction, orderId });
  }

  /** A create that failed before any payment existed: logged with the order, against no payment. */
  logAttempt(tenant: Tenant, orderId: string, transaction: TransactionLog): Promise<{ id: string }> {
    return this.call(tenant, 'POST', '/attempts', { ...transaction, orderId });
  }
}
