import { randomUUID } from 'node:crypto';
import { AppError, badRequest, type Tenant } from '../kit/platform.js';
import { shareOfNewPayment } from '../../contracts/allocation.js';
import { createPayment } from '../kit/index.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import { ProviderCError, type MerchantPaymentRequest } from './provider-c.client.js';
import type { ProviderCContext } from './provider-c.context.js';
import { assertCheckout } from './provider-c-checkout.usecase.js';
import { customerInformation, orderItems, providerAddress, providerLanguage } from './provider-c.mapper.js';
import type { ProviderCSettlement } from './provider-c-settlement.usecase.js';
import { PROVIDER_C_ADAPTER_ID, PROVIDER_C_PAYMENT_NAME } from './provider-c.types.js';

export interface RecurringResult {
  paymentId: string;
  reference: string;
  orderStatus: string;
  paymentState: string;
  checkoutStatus: string;
}

/** The provider's code for a saved card past its daily limit (the sandbox's; the limit is the spec's, not in the provider's pages). */
const LIMIT_CODE = 'RECURRING_LIMIT_REACHED';

/**
 * A payment on a saved card, without the shopper, through the provider's published route — the
 * admin API's merchant payment (`POST /checkout/adminapi/v2/merchantpayment` with `PaymentMethod
 * {Name: CREDITCARDS, MerchantSavedCreditCardId}`): the token is the card's id a purchase saved
 * (`payments[].recurring.token`). The order's items, customer and addresses go with it; the
 * provider's admin order then says how the payment stands (its transaction), applied like every
 * other word of the provider, and the order runs to `completed`. At most three a day per card in
 * production — the provider's refusal passed on as a 400 naming it. Refused when recurring is off
 * in the configuration or a shipping-provider integration is on (the spec's limit), before
 * anything is created.
 */
export class ProviderCRecurring {
  constructor(
    private readonly context: ProviderCContext,
    private readonly settlement: ProviderCSettlement,
    /** The callbacks to register on a token payment (`mounted.callbackUrls`: amountChanged and the runtime's lifecycle ones, e.g. `refresh`): it is created here, not by the runtime's create. */
    private readonly callbacks?: (orderId: string) => NonNullable<PaymentDocument['callbacks']>,
  ) {}

  async create(tenant: Tenant, orderId: string, token: string): Promise<RecurringResult> {
    const kit = this.context.kit;
    const configuration = await kit.configuration.get(tenant);
    if (!configuration.recurring?.enabled) throw badRequest('recurring_disabled', 'Recurring payments are not enabled in this channel (recurring.enabled).');
    if (configuration.shipping?.providerIntegration) {
      throw badRequest('recurring_not_allowed', 'Recurring payments cannot be combined with a shipping-provider integration (shipping.providerIntegration).');
    }
    let refusal: ProviderCError | undefined;
    try {
      const { payment } = await createPayment(kit, tenant, orderId, {
        name: PROVIDER_C_PAYMENT_NAME,
        amount: (order) => {
          assertCheckout(order);
          return shareOfNewPayment(order);
        },
        ...(this.callbacks ? { callbacks: () => this.callbacks!(orderId) } : {}),
        callProvider: async ({ order, payment: draft }) => {
          const request = this.request(tenant, order, draft, token, configuration.locale);
          let answer: Awaited<ReturnType<ReturnType<ProviderCContext['provider']>['createMerchantPayment']>>;
          try {
            answer = await this.context.provider(configuration).createMerchantPayment(request);
          } catch (error) {
            if (error instanceof ProviderCError) refusal = error;
            throw error;
          }
          const transaction = answer.PaymentTransactions.at(-1);
          return {
            reference: String(answer.OrderId),
            payment: { attributes: { providerOrderId: answer.OrderId, merchantPayment: true, ...(transaction ? { paymentTransactionId: transaction.PaymentTransactionId, transactionStatus: transaction.Status } : {}) }, recurring: { token } },
            response: null,
            pspStatus: transaction?.Status ?? 'Created',
            requestJson: { ...request, Customer: request.Customer ? '(customer)' : undefined, PaymentMethod: { Name: request.PaymentMethod.Name, MerchantSavedCreditCardId: '(token)' } },
            responseJson: answer,
          };
        },
      });
      const settled = await this.settlement.settle(tenant, orderId, payment.id, 'recurring');
      return { paymentId: payment.id, reference: payment.reference ?? '', ...settled };
    } catch (error) {
      if (refusal?.code === LIMIT_CODE) {
        throw new AppError(400, 'recurring_limit_reached', refusal.message, { ...detailsOf(error), providerCode: refusal.code, providerStatus: refusal.status });
      }
      if (refusal) throw new AppError(400, 'provider_failed', refusal.message, { ...detailsOf(error), providerCode: refusal.code, providerStatus: refusal.status ?? null });
      throw error;
    }
  }

  /** The merchant payment as published: the order's items, the shopper's contact and addresses as the shop has them, the saved card. */
  private request(tenant: Tenant, order: OrderDocument, draft: PaymentDocument, token: string, locale?: string): MerchantPaymentRequest {
    const known = customerInformation(order);
    const billing = providerAddress(order.customer?.billing ?? order.customer?.shipping);
    const shipping = providerAddress(order.customer?.shipping) ?? billing;
    const customer = known ? Object.fromEntries(Object.entries({ Email: known.Email, MobileNumber: known.MobileNumber, JuridicalType: known.JuridicalType }).filter(([, value]) => value !== undefined)) : {};
    return {
      RequestId: randomUUID(),
      MerchantReference: draft.id,
      Currency: order.currency,
      Country: order.country ?? 'NO',
      Language: providerLanguage(order, locale),
      MerchantOrderManagementStatusPushUrl: this.context.callbackUrl('event', tenant, order.id, draft.id),
      OrderItems: orderItems(order, draft.amount, { adapterId: PROVIDER_C_ADAPTER_ID }),
      ...(Object.keys(customer).length > 0 ? { Customer: customer } : {}),
      ...(billing ? { BillingAddress: billing } : {}),
      ...(shipping ? { ShippingAddress: shipping } : {}),
      PaymentMethod: { Name: 'CREDITCARDS', MerchantSavedCreditCardId: token },
    };
  }
}

const detailsOf = (error: unknown) => ((error as AppError).details && typeof (error as AppError).details === 'object' ? ((error as AppError).details as Record<string, unknown>) : {});
