import { AppError, badRequest, type Tenant } from '../kit/platform.js';
import { shareOfNewPayment } from '../../contracts/allocation.js';
import { createPayment } from '../kit/index.js';
import { ProviderCError, type RecurringOrderRequest } from './provider-c.client.js';
import type { ProviderCContext } from './provider-c.context.js';
import { assertCheckout, attributesOf } from './provider-c-checkout.usecase.js';
import { PROVIDER_C_PAYMENT_NAME } from './provider-c.types.js';
import { providerLines, providerLocale } from './provider-c.mapper.js';
import type { ProviderCSettlement } from './provider-c-settlement.usecase.js';
import type { ProviderOrder } from './provider-c.types.js';
import type { PaymentDocument } from '../kit/order-contract.js';

export interface RecurringResult {
  paymentId: string;
  reference: string;
  orderStatus: string;
  paymentState: string;
  checkoutStatus: string;
}

/**
 * A payment from a saved token, without the shopper: the provider makes a completed order from
 * the token (at most three a day per token in production — the provider's rule, its refusal
 * passed on as a 400 naming it), its billing and delivery addresses go on the order, and the
 * order runs to `completed`. Refused when recurring is off in the configuration or a
 * shipping-provider integration is on (the spec's limit), before anything is created.
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
      throw badRequest('recurring_not_allowed', 'Recurring orders cannot be combined with a shipping-provider integration (shipping.providerIntegration).');
    }
    let refusal: ProviderCError | undefined;
    let providerOrder: ProviderOrder | undefined;
    try {
      const { payment } = await createPayment(kit, tenant, orderId, {
        name: PROVIDER_C_PAYMENT_NAME,
        amount: (order) => {
          assertCheckout(order);
          return shareOfNewPayment(order);
        },
        ...(this.callbacks ? { callbacks: () => this.callbacks!(orderId) } : {}),
        callProvider: async ({ order, payment: draft }) => {
          const request: RecurringOrderRequest = {
            MerchantReference: draft.id,
            Currency: order.currency,
            Country: order.country ?? 'NO',
            Language: providerLocale(order, configuration.locale).toLowerCase(),
            lines: providerLines(order, draft.amount),
            MerchantOrderManagementStatusPushUrl: this.context.callbackUrl('event', tenant, orderId, draft.id),
          };
          try {
            providerOrder = await this.context.provider(configuration).recurringOrder(token, request);
          } catch (error) {
            if (error instanceof ProviderCError) refusal = error;
            throw error;
          }
          return {
            reference: String(providerOrder.OrderId),
            payment: { attributes: { ...attributesOf(providerOrder), recurringOrder: true }, recurring: { token } },
            response: null,
            pspStatus: providerOrder.CustomerCheckoutStatus,
            requestJson: { ...request, token: '(token)' },
            responseJson: { OrderId: providerOrder.OrderId, CustomerCheckoutStatus: providerOrder.CustomerCheckoutStatus },
          };
        },
      });
      // The provider's addresses onto the order, then the moves to completed.
      const settled = await this.settlement.settle(tenant, orderId, payment.id, 'recurring', providerOrder);
      return { paymentId: payment.id, reference: payment.reference ?? '', ...settled };
    } catch (error) {
      if (refusal?.code === 'recurring_limit_reached') {
        throw new AppError(400, 'recurring_limit_reached', refusal.message, { ...detailsOf(error), providerCode: refusal.code, providerStatus: refusal.status });
      }
      if (refusal) throw new AppError(400, 'provider_failed', refusal.message, { ...detailsOf(error), providerCode: refusal.code, providerStatus: refusal.status ?? null });
      throw error;
    }
  }
}

const detailsOf = (error: unknown) => ((error as AppError).details && typeof (error as AppError).details === 'object' ? ((error as AppError).details as Record<string, unknown>) : {});
