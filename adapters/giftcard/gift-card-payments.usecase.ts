import type { Tenant } from '../kit/platform.js';
import { AppError, badRequest } from '../kit/platform.js';
import type { OrderDocument } from '../kit/order-contract.js';
import { isActivePayment, shareOfNewPayment } from '../../contracts/allocation.js';
import { logFailedAttempt, providerFailed, type MountedProvider, type TransactionLog } from '../kit/index.js';
import type { GiftCardContext } from './gift-card.context.js';
import {
  GIFTCARD_PAYMENT_NAME,
  GIFTCARD_PAYMENT_TYPE,
  activeGiftCards,
  attributesOf,
  refusalToAdd,
  type GiftCardAttributes,
} from './gift-card.domain.js';
import { GiftCardSystemError, type CardInfo, type GiftCardSystemClient } from './gift-card-system.client.js';
import { codeOf } from './gift-card-system.errors.js';
import { cardAlreadyAdded } from '../kit/order-contract.js';
import { releaseLiveReservations } from './gift-card.provider.js';
import { viewOf, type GiftCardPaymentView } from './gift-card.view.js';

/**
 * Adding and removing gift card payments (spec rules 1–4). Reading, amountChanged and the
 * lifecycle are the kit runtime's (gift-card.provider.ts); a card registers the callbacks the
 * runtime mounts (`mounted.callbackUrls`).
 */
export class GiftCardPayments {
  constructor(
    private readonly context: GiftCardContext,
    private readonly mounted: MountedProvider,
  ) {}

  private get kit() {
    return this.context.kit;
  }

  /** Spec rules 1–3: read order and card, refuse what cannot pay, cover what remains. */
  async add(tenant: Tenant, orderId: string, input: { cardId: string; code?: string }): Promise<GiftCardPaymentView> {
    const configuration = await this.kit.configuration.get(tenant);
    const order = await this.kit.orders.getOrder(tenant, orderId);
    assertCheckout(order);
    const existing = activeGiftCards(order.payments).find((payment) => attributesOf(payment).cardId === input.cardId);
    if (existing) {
      throw cardAlreadyAdded(existing.id, input.cardId);
    }
    const card = await cardInfo(this.context.giftCardSystem(configuration), input.cardId).catch(async (error: unknown) => {
      // Spec "Errors": the gift card system failed while a payment was being created; none exists yet, so it is an attempt of the order.
      if (error instanceof AppError && error.code === 'provider_failed') {
        const errorDetail = String((error.details as { errorDetail?: unknown } | undefined)?.errorDetail ?? error.message);
        await this.kit.payments
          .logAttempt(tenant, orderId, { event: 'open', pspEvent: 'card-info', isSuccess: false, pspStatus: 'provider_failed', requestJson: { cardId: input.cardId, codeGiven: Boolean(input.code) }, errorDetail })
          .catch((e: unknown) => this.kit.logger.error({ err: e, orderId }, 'could not log the failed gift card attempt'));
      }
      throw error;
    });
    const refusal = refusalToAdd(card, input.code, order.currency);
    if (refusal) throw badRequest(refusal.code, refusal.message);

    const attributes: GiftCardAttributes = {
      cardId: input.cardId,
      codeRequired: card.codeRequired,
      ...(card.codeRequired && input.code ? { sealedCode: this.context.vault.seal(input.code, { ...tenant, orderId, cardId: input.cardId }) } : {}),
    };
    // One commit: the payment with its callbacks ({paymentId} filled in by the platform) and its
    // first transaction, so a crash leaves no card that nobody keeps in step or reserves.
    // The check above is a fast answer, not the guard: the payment API refuses a second active
    // payment of the card inside the order change (409 gift_card_already_added), so of several
    // adds of one card at once exactly one creates a payment and the others leave nothing.
    const amount = shareOfNewPayment(order, card.balance);
    const created = await this.kit.payments.createPayment(tenant, {
      orderId,
      name: GIFTCARD_PAYMENT_NAME,
      type: GIFTCARD_PAYMENT_TYPE,
      currency: order.currency,
      state: 'intent',
      reference: input.cardId,
      amount,
      upperLimitAmount: card.balance,
      attributes: attributes as unknown as Record<string, unknown>,
      callbacks: this.mounted.callbackUrls(orderId),
      transaction: {
        event: 'open',
        pspEvent: 'create',
        amount,
        isSuccess: true,
        pspStatus: 'balance_checked',
        requestJson: { cardId: input.cardId, codeGiven: Boolean(input.code) },
        responseJson: card,
      },
    }).catch(async (error: unknown) => {
      // Refused by the payment API (a hook veto, a rule): no payment holds the failure.
      await logFailedAttempt(this.kit, tenant, orderId, amount, error);
      throw error;
    });
    // The other payments' amounts followed in the same commit (the platform sets every share: docs/order-engine.md, "Allocation").
    return { ...viewOf(created), code: input.code ?? null };
  }

  /** Soft delete: the payment stays on the order as `removed`; any reservation is released first. */
  async remove(tenant: Tenant, orderId: string, paymentId: string): Promise<OrderDocument> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const payment = this.kit.ownPayment(order, paymentId);
    if (payment.state === 'removed') return order;
    assertCheckout(order);
    if (!isActivePayment(payment)) throw new AppError(409, 'payment_not_removable', `The payment is ${payment.state}; it no longer covers the order.`);
    const configuration = await this.kit.configuration.get(tenant);
    try {
      await releaseLiveReservations(this.context.giftCardSystem(configuration), orderId, paymentId);
    } catch (error) {
      // Spec "Errors": the provider failed while the payment is updated → logged for the merchant, 400 with errorDetail.
      const failure = providerFailed(error, paymentId);
      await this.log(tenant, orderId, paymentId, { event: 'remove', pspEvent: 'cancel', amount: payment.amount, isSuccess: false, pspStatus: codeOf(error), errorDetail: failure.message });
      throw failure;
    }
    const { reservationId: _released, sealedCode: _forgotten, ...attributes } = attributesOf(payment);
    if (payment.state === 'reserved') await this.kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'intent' });
    await this.kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'removed', attributes: attributes as unknown as Record<string, unknown> });
    await this.log(tenant, orderId, paymentId, { event: 'remove', pspEvent: 'cancel', amount: payment.amount, isSuccess: true, pspStatus: 'removed' });
    // The other cards' amounts followed in the commit that removed this one.
    return this.kit.orders.getOrder(tenant, orderId);
  }

  private log(tenant: Tenant, orderId: string, paymentId: string, transaction: TransactionLog): Promise<void> {
    return this.mounted.log(tenant, orderId, paymentId, transaction);
  }
}

function assertCheckout(order: OrderDocument): void {
  if (order.state.currentStatus !== 'checkout') {
    throw new AppError(409, 'order_not_in_checkout', `The order is ${order.state.currentStatus}; gift cards can only be added or removed during checkout.`);
  }
}

/**
 * Rule 1: the card's status, without checking its code. Not found → 400 `gift_card_not_found`;
 * any other failure (down, refusing the adapter's credentials) → 400 `provider_failed` with
 * `details.errorDetail` (spec "Errors"); `add` logs that one as an attempt of the order.
 */
async function cardInfo(client: GiftCardSystemClient, cardId: string): Promise<CardInfo> {
  try {
    return await client.cardInfo(cardId);
  } catch (error) {
    if (error instanceof GiftCardSystemError && error.status === 404) throw badRequest('gift_card_not_found', 'The gift card was not found.');
    throw providerFailed(error);
  }
}
