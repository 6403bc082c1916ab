// What the provider B sandbox answers about a purchase: Avarda's payment status to the partner, and the sandbox's own fuller view.
import type { CheckboxState, DeliveryAddress, Purchase, PurchaseAddress, PurchaseMode, PurchaseStep, SelectedPayment } from './purchase.model.js';
import { itemsTotal } from './purchase.store.js';

/** `extraIdentifiers` as Avarda answers it: every published field, null when not sent. */
const EXTRA_IDENTIFIERS = ['orderReference', 'description', 'loyaltyNumber', 'productGroup', 'attachment', 'referenceName'] as const;

const person = ({ name: _name, ...address }: PurchaseAddress) => address;
const company = ({ firstName: _first, lastName: _last, ...address }: PurchaseAddress) => address;
const delivery = (address: DeliveryAddress) => {
  const { name: _name, ...rest } = address;
  return rest;
};

type Nullable<T> = { [K in keyof T]: T[K] | null };
/** A mode's object (`b2C` or `b2B`). */
export interface ModeData {
  step: { customerToken: string | null; current: PurchaseStep; rememberMe: CheckboxState; smsNewsletterSubscription: CheckboxState; emailNewsletterSubscription: CheckboxState };
  userInputs: { email: string | null; phone: string | null };
  invoicingAddress: Partial<Nullable<PurchaseAddress>>;
  deliveryAddress: Partial<Nullable<DeliveryAddress>>;
  customerInfo?: { firstName: string | null; lastName: string | null };
}
/** The shipping broker's module (Ingrid's fields, as Krokedil's integration reads them). */
export interface ShippingModule {
  id: string;
  status: string;
  tos_id: string;
  external_id: string;
  shipping_price: number;
  selected_shipping_option: { shipping_method: string; carrier: string; product: string };
  result: { category: { name: string }; shipping: { product: string; carrier: string } };
}
/** The payment status as the partner reads it. */
export interface PartnerPurchase {
  purchaseId: string;
  extraIdentifiers: Record<string, string | null>;
  totalPrice: number;
  createdUtc: string;
  expiredUtc: string;
  checkoutSite: { siteCode: string; countryCode: string; currencyCode: string };
  mode: PurchaseMode;
  b2C?: ModeData;
  b2B?: ModeData;
  paymentMethods: { selectedPayment?: SelectedPayment };
  Modules?: ShippingModule[];
}

/**
 * A purchase as Avarda Checkout 3's payment status answers it (`GET /api/partner/payments/{id}`,
 * docs.avarda.com "Finalize Purchase"; the per-mode object as Avarda's Magento module reads it,
 * Gateway/Response/GetPaymentStatusHandler.php): the purchase id, extra identifiers, total price,
 * times, checkout site, `mode` and its object — `b2C` (or `b2B`) with `step`, `userInputs`,
 * `invoicingAddress`, `deliveryAddress` (`customerInfo` for a company) — the chosen method under
 * `paymentMethods.selectedPayment`, and the shipping broker's module under `Modules` once the
 * shopper chose a shipping option (as Krokedil's WooCommerce integration reads it). Nothing of the
 * sandbox's own bookkeeping (order management, callbacks, the partner).
 */
export function partnerView(purchase: Purchase): PartnerPurchase {
  const step: ModeData['step'] = {
    customerToken: null,
    current: purchase.step,
    rememberMe: 'Hidden',
    smsNewsletterSubscription: 'Hidden',
    emailNewsletterSubscription: purchase.emailNewsletterSubscription,
  };
  const common = { step, userInputs: { ...purchase.userInputs }, deliveryAddress: delivery(purchase.deliveryAddress) };
  const option = purchase.shippingOption;
  return {
    purchaseId: purchase.purchaseId,
    extraIdentifiers: Object.fromEntries(EXTRA_IDENTIFIERS.map((key) => [key, purchase.extraIdentifiers[key] ?? null])),
    totalPrice: itemsTotal(purchase.items),
    createdUtc: purchase.createdUtc,
    expiredUtc: purchase.expiredUtc,
    checkoutSite: { siteCode: `sandbox-${purchase.country.toLowerCase()}`, countryCode: purchase.country, currencyCode: purchase.currency },
    mode: purchase.mode,
    ...(purchase.mode === 'B2B'
      ? { b2B: { ...common, invoicingAddress: company(purchase.invoicingAddress), customerInfo: { ...purchase.customerInfo } } }
      : { b2C: { ...common, invoicingAddress: person(purchase.invoicingAddress) } }),
    paymentMethods: purchase.selectedPayment ? { selectedPayment: { ...purchase.selectedPayment } } : {},
    ...(option
      ? {
          Modules: [
            {
              id: option.id,
              status: 'ACTIVE',
              tos_id: `tos-${purchase.purchaseId}`,
              external_id: purchase.purchaseId,
              shipping_price: option.price,
              selected_shipping_option: { shipping_method: option.id, carrier: option.carrier, product: option.product },
              result: { category: { name: option.product }, shipping: { product: option.product, carrier: option.carrier } },
            },
          ],
        }
      : {}),
  };
}

/** What the sandbox's pages and inspection show: the partner's view, the items, and the sandbox's bookkeeping (never the partner's id). */
export function sandboxView(purchase: Purchase) {
  return {
    ...partnerView(purchase),
    items: purchase.items,
    language: purchase.language,
    differentDeliveryAddress: purchase.differentDeliveryAddress,
    callbackUrl: purchase.callbackUrl,
    management: { ...purchase.management },
    completedUtc: purchase.completedUtc,
    callbacks: purchase.callbacks,
  };
}

export type SandboxPurchaseView = ReturnType<typeof sandboxView>;
