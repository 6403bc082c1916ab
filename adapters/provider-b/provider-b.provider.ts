// Provider B (Avarda Checkout 3) as the adapter kit's PaymentProvider: initialize payment, items following the order, order management.
import { operationKey, providerFailed, type AdapterKit, type LifecycleCall, type PaymentProvider, type ProviderCall, type ProviderResult } from '../kit/index.js';
import { AppError } from '../kit/platform.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import { ProviderBApiClient, ProviderBError, type NewPurchase, type Purchase } from './provider-b-api.client.js';
import { prefillFrom, purchaseItems, returnItem } from './purchase.mapper.js';
import { isDead, stepOf } from './purchase-steps.rules.js';
import type { ProviderBConfiguration, ProviderBSession } from './provider-b.types.js';

/** How long the signed notification address handed to provider B stays good (the provider may retry for days). */
const NOTIFICATION_URL_LIFETIME_S = 7 * 24 * 3600;

export const notificationPath = (orderId: string, paymentId: string) =>
  `/api/checkout/v1/callback/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/notification`;

/**
 * Provider B as a kit `PaymentProvider` (docs/adapters/provider-b.md): create starts a purchase
 * with what the shop already knows of the shopper (the prefill) and answers the JWT and script for
 * the storefront; the payment follows the order's amount by replacing the purchase's items; after
 * the order is delivered the purchase is delivered (captured), and the back office's cancel and
 * refund reach the provider. The shopper-side
 * callbacks and the provider's notification are this adapter's own routes (provider-b-checkout.usecase.ts).
 */
export class ProviderBProvider implements PaymentProvider<ProviderBConfiguration, ProviderBSession> {
  readonly name: string = 'Provider B';

  constructor(
    private readonly kit: Pick<AdapterKit<ProviderBConfiguration>, 'callbacks' | 'publicUrl'>,
    readonly api: ProviderBApiClient,
  ) {}

  async createSession(call: ProviderCall<ProviderBConfiguration> & { body: unknown }) {
    const { order, configuration, payment, tenant } = call;
    const notification = new URL(`${this.kit.publicUrl}${notificationPath(order.id, payment.id)}`);
    const language = avardaLanguage(configuration.checkout?.language ?? order.culture ?? 'en');
    const { b2C, differentDelivery } = prefillFrom(order.customer);
    const request: NewPurchase = {
      checkoutSetup: { language, mode: 'B2C', completedNotificationUrl: this.kit.callbacks.forTenant(notification.toString(), tenant, {}, NOTIFICATION_URL_LIFETIME_S), differentDeliveryAddress: differentDelivery },
      items: purchaseItems(order, payment.amount),
      extraIdentifiers: { orderReference: orderReference(order.id) },
      ...(b2C ? { b2C } : {}),
    };
    const created = await this.api.createPurchase(configuration.apiSettings, request).catch((error: unknown) => {
      throw providerFailed(error);
    });
    const paymentName = configuration.checkout?.paymentName ?? this.name;
    return {
      reference: created.purchaseId,
      payment: { name: paymentName, attributes: { token: created.jwt, clientId: configuration.apiSettings.clientId, paymentName, expiredUtc: created.expiredUtc } },
      response: sessionOf(configuration, payment.id, created.jwt),
      // The callback address carries a signature of ours: it is not logged; nor is what the shop knows of the shopper.
      requestJson: { ...request, checkoutSetup: { ...request.checkoutSetup, completedNotificationUrl: notification.toString() }, ...(b2C ? { b2C: { prefilled: Object.keys(b2C) } } : {}) },
      responseJson: { purchaseId: created.purchaseId, expiredUtc: created.expiredUtc },
      pspStatus: 'Initiated',
    };
  }

  /** What the storefront needs again (the confirmation page, a reload): the purchase's JWT and script, with its current step. */
  async readSession(call: ProviderCall<ProviderBConfiguration>): Promise<ProviderBSession & { currentStep: string }> {
    const purchase = await this.purchaseOf(call.configuration, call.payment);
    return { ...sessionOf(call.configuration, call.payment.id, String(call.payment.attributes?.token ?? '')), currentStep: stepOf(purchase) };
  }

  /** The purchase's items are replaced so its total is the payment's new amount (refused by the provider once the purchase is final). */
  async amountChanged(call: ProviderCall<ProviderBConfiguration> & { amount: number }): Promise<ProviderResult> {
    const items = purchaseItems(call.order, call.amount);
    await this.api.updateItems(call.configuration.apiSettings, this.reference(call.payment), items).catch((error: unknown) => {
      throw providerFailed(error);
    });
    // The items come to exactly the amount (purchaseItems); update items answers no content.
    return { amount: call.amount, transaction: { event: 'update', pspEvent: 'update-items', amount: call.amount, isSuccess: true, requestJson: { items } } };
  }

  /** Order delivered: deliver (capture) the purchase at the provider; the payment becomes `captured`. */
  async capture(call: LifecycleCall<ProviderBConfiguration>): Promise<ProviderResult | void> {
    if (call.payment.state !== 'reserved') return;
    // The items delivered are the order's as the payment covers them (the purchase's read answers no items), as Avarda's own modules send the invoiced items.
    const items = purchaseItems(call.order, call.payment.amount);
    const purchase = await this.management(call, 'deliver', () =>
      this.api.deliver(call.configuration.apiSettings, this.reference(call.payment), { items, orderReference: orderReference(call.order.id), tranId: operationKey(call) }),
    );
    return { state: 'captured', transaction: managementLog('capture', 'deliver', call.payment.amount, purchase, { items }) };
  }

  /** The back office cancels: the authorized purchase is cancelled at the provider (the platform records `cancelled`). */
  async cancel(call: LifecycleCall<ProviderBConfiguration>): Promise<ProviderResult> {
    const purchase = await this.management(call, 'cancel', () => this.api.cancel(call.configuration.apiSettings, this.reference(call.payment), `Order ${call.order.id}: payment cancelled by the merchant`));
    return { pspStatus: 'cancelled', transaction: managementLog('cancel', 'cancel', call.payment.amount, purchase) };
  }

  /** The back office refunds `amount` (partial allowed) of what was delivered. */
  async refund(call: LifecycleCall<ProviderBConfiguration>): Promise<ProviderResult> {
    // The request's id (`tranId`) is the platform's refund operation's: a retry of this refund (its answer lost) is applied
    // once by the provider; the next refund, even of the same amount, is another operation, so another id.
    const items = [returnItem(orderReference(call.order.id), call.request.amount)];
    const purchase = await this.management(call, 'refund', () =>
      this.api.refund(call.configuration.apiSettings, this.reference(call.payment), {
        items,
        orderReference: orderReference(call.order.id),
        tranId: operationKey(call),
      }),
    );
    return { pspStatus: 'returned', transaction: managementLog('refund', 'refund', call.request.amount, purchase, { items }) };
  }

  /**
   * The back office's Refresh: the purchase as the provider has it now. Avarda's purchase read
   * answers its step, not what order management did to it since (delivered, returned, cancelled:
   * none of it is in the payment status), so a refresh can only learn that an open payment's
   * purchase is dead (timed out while the shopper was away): `failed`. The shopper's completion is
   * the notification's (it moves the order).
   */
  async refresh(call: LifecycleCall<ProviderBConfiguration>): Promise<ProviderResult> {
    const purchase = await this.purchaseOf(call.configuration, call.payment);
    const step = stepOf(purchase);
    const open = call.payment.state === 'intent' || call.payment.state === 'processing';
    return {
      ...(open && isDead(step) ? { state: 'failed' } : {}),
      pspStatus: step,
      transaction: { event: 'refresh', pspEvent: 'get-purchase', amount: call.payment.amount, isSuccess: true, pspStatus: step, responseJson: { step, totalPrice: purchase.totalPrice } },
    };
  }

  checkoutPageUrl(configuration: ProviderBConfiguration): string {
    return configuration.checkout?.checkoutUrl ?? '';
  }

  /** The purchase as the provider has it now: the only source of truth about what the shopper did. */
  purchaseOf(configuration: ProviderBConfiguration, payment: PaymentDocument): Promise<Purchase> {
    return this.api.getPurchase(configuration.apiSettings, this.reference(payment)).catch((error: unknown) => {
      throw error instanceof ProviderBError && error.status === undefined ? new AppError(502, 'provider_unavailable', error.message) : providerFailed(error);
    });
  }

  private reference(payment: PaymentDocument): string {
    if (!payment.reference) throw new AppError(409, 'payment_without_purchase', `Payment ${payment.id} has no purchase at provider B.`);
    return payment.reference;
  }

  /** An order management call (published: 200, no content), then the purchase read again for its state; the provider's refusal (not deliverable, already delivered…) is passed on as a 409 with its message. */
  private async management(call: LifecycleCall<ProviderBConfiguration>, action: string, run: () => Promise<unknown>): Promise<Purchase> {
    try {
      await run();
    } catch (error) {
      if (error instanceof ProviderBError && error.status !== undefined && error.status < 500) {
        throw new AppError(409, `provider_${action}_refused`, error.message, { providerCode: error.code, paymentId: call.payment.id });
      }
      throw new AppError(502, 'provider_unavailable', error instanceof Error ? error.message : String(error));
    }
    return this.purchaseOf(call.configuration, call.payment);
  }
}

/** Avarda's `checkoutSetup.language` (a language's English name) for an ISO code or culture (`nb-NO`); English when it has none. */
export function avardaLanguage(code: string): string {
  const names: Record<string, string> = { sv: 'Swedish', fi: 'Finnish', nb: 'Norwegian', nn: 'Norwegian', no: 'Norwegian', da: 'Danish', et: 'Estonian', cs: 'Czech', lv: 'Latvian', lt: 'Lithuanian', sk: 'Slovak', pl: 'Polish' };
  return names[code.slice(0, 2).toLowerCase()] ?? 'English';
}

/** The order's id as Avarda's order reference (published: at most 20 characters): its first 20 letters and digits. */
export const orderReference = (orderId: string) => orderId.replace(/[^A-Za-z0-9]/g, '').slice(0, 20) || orderId.slice(0, 20);


const sessionOf = (configuration: ProviderBConfiguration, paymentId: string, purchaseJwt: string): ProviderBSession => ({
  paymentId,
  purchaseJwt,
  javascriptUrl: configuration.checkout?.javascriptUrl ?? `${configuration.apiSettings.apiUrl.replace(/\/+$/, '')}/checkout.js`,
  styles: configuration.checkout?.styles ?? {},
});

const managementLog = (event: string, pspEvent: string, amount: number, purchase: Purchase, requestJson?: unknown) => ({
  event,
  pspEvent,
  amount,
  isSuccess: true,
  pspStatus: stepOf(purchase),
  ...(requestJson ? { requestJson } : {}),
  responseJson: { step: stepOf(purchase), totalPrice: purchase.totalPrice },
});
