import type { Tenant } from '../../platform/auth/principal.js';
import type { OrderStatus } from '../../contracts/order-state.machine.js';
import type { Address, Hook, Notification, OrderDocument, PaymentDocument, Shipping, Validation } from '../../contracts/order.types.js';
import type { AdapterIdentity } from './adapter-identity.js';
import { callJson, PlatformCallError } from './platform-call.js';

/** Where an adapter's payment is: its tenant and ids (`locatePayment`). */
export interface PaymentLocation extends Tenant {
  orderId: string;
  paymentId: string;
}

/** The placeholder tenant of an adapter token for calls that act in no tenant (it holds no data). */
export const NO_TENANT: Tenant = { merchant: '-', channel: '-' };

export type NewHook = Omit<Hook, 'id' | 'adapterId'> & { id?: string };
export type NewNotification = Omit<Notification, 'id' | 'adapterId'> & { id?: string };
export type NewValidation = Omit<Validation, 'id' | 'adapterId'> & { id?: string };

/**
 * The order service as an adapter uses it (docs/order-api.md). Every call acts as the adapter,
 * so the order engine never calls the adapter's own hooks for its own changes.
 */
export class OrderServiceClient {
  constructor(
    private readonly baseUrl: string,
    private readonly identity: AdapterIdentity,
  ) {}

  private async call<T>(tenant: Tenant, method: string, path: string, body?: unknown): Promise<T> {
    return callJson<T>(`${this.baseUrl}/api/v0/checkout/orders${path}`, { method, headers: await this.identity.headersFor(tenant), body });
  }

  getOrder = (tenant: Tenant, orderId: string) => this.call<OrderDocument>(tenant, 'GET', `/${enc(orderId)}`);
  createOrder = (tenant: Tenant, order: Record<string, unknown>) => this.call<OrderDocument>(tenant, 'POST', '', order);
  replaceCart = (tenant: Tenant, orderId: string, cart: OrderDocument['cart']) => this.call<OrderDocument>(tenant, 'PUT', `/${enc(orderId)}/cart`, cart);
  replaceShippings = (tenant: Tenant, orderId: string, shippings: Shipping[]) => this.call<OrderDocument>(tenant, 'PUT', `/${enc(orderId)}/shippings`, shippings);
  replaceCustomer = (tenant: Tenant, orderId: string, customer: OrderDocument['customer']) => this.call<OrderDocument>(tenant, 'PUT', `/${enc(orderId)}/customer`, customer);
  replaceConsents = (tenant: Tenant, orderId: string, consents: unknown) => this.call<OrderDocument>(tenant, 'PUT', `/${enc(orderId)}/consents`, consents);
  setAddress = (tenant: Tenant, orderId: string, kind: 'billing' | 'shipping', address: Address) => this.call<OrderDocument>(tenant, 'PUT', `/${enc(orderId)}/customer/${kind}`, address);
  setReference = (tenant: Tenant, orderId: string, reference: string) => this.call<OrderDocument>(tenant, 'PUT', `/${enc(orderId)}/reference`, { reference });
  changeStatus = (tenant: Tenant, orderId: string, status: OrderStatus) => this.call<OrderDocument>(tenant, 'PUT', `/${enc(orderId)}/state`, { status });
  updatePayment = (tenant: Tenant, orderId: string, paymentId: string, fields: Partial<PaymentDocument>) =>
    this.call<PaymentDocument>(tenant, 'PUT', `/${enc(orderId)}/payments/${enc(paymentId)}`, fields);
  registerHook = (tenant: Tenant, orderId: string, hook: NewHook) => this.call<Hook>(tenant, 'POST', `/${enc(orderId)}/hooks`, hook);
  registerNotification = (tenant: Tenant, orderId: string, notification: NewNotification) => this.call<Notification>(tenant, 'POST', `/${enc(orderId)}/notifications`, notification);
  registerValidation = (tenant: Tenant, orderId: string, validation: NewValidation) => this.call<Validation>(tenant, 'POST', `/${enc(orderId)}/validations`, validation);
  /** A checkout token (role shopper) for the order, to hand to the shopper's browser (docs/auth.md). */
  checkoutToken = (tenant: Tenant, orderId: string) =>
    this.call<{ token: string; orderId: string; expiresAt: string; expiresIn: number }>(tenant, 'POST', `/${enc(orderId)}/checkout-token`);
  validate = (tenant: Tenant, orderId: string) => this.call<{ valid: boolean; failures: unknown[] }>(tenant, 'POST', `/${enc(orderId)}/validate`);

  /**
   * Where this adapter's payment with a provider reference is (tenant, order, payment): the one read
   * across tenants, for a provider event that names no tenant — on `orderId` when the event names
   * the order, else on whichever order holds it. The token is one issued for NO_TENANT (the read
   * uses only the adapter id in it). Undefined when the platform has no such payment (or, without
   * an order, more than one order holds one).
   */
  async locatePayment(where: { reference: string; orderId?: string }): Promise<PaymentLocation | undefined> {
    const query = new URLSearchParams({ ...(where.orderId === undefined ? {} : { orderId: where.orderId }), reference: where.reference }).toString();
    try {
      return await callJson<PaymentLocation>(`${this.baseUrl}/api/v0/checkout/payment-locations?${query}`, { headers: await this.identity.headersFor(NO_TENANT) });
    } catch (error) {
      if (error instanceof PlatformCallError && error.httpStatus === 404) return undefined;
      throw error;
    }
  }

  /** Moves the order through several states, each its own change (hooks and notifications see every step). */
  async moveThrough(tenant: Tenant, orderId: string, statuses: OrderStatus[]): Promise<OrderDocument> {
    let order: OrderDocument | undefined;
    for (const status of statuses) order = await this.changeStatus(tenant, orderId, status);
    return order ?? this.getOrder(tenant, orderId);
  }
}

export const enc = encodeURIComponent;
