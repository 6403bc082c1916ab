// Qliro One's browser API as its snippet defines it (`window.q1`, the page's `window.q1Ready`): names and signatures from developers.qliro.com ("Listeners", "Update order") and Qliro's own Magento module (view/frontend/web/js/view/qliroone-view.js, js/model/qliro.js). Qliro ships no types; these are ours.

/** The customer `onCustomerInfoChanged` hands its listener (the fields Qliro's module and krokedil's plugin read; `{isMasked: true}` alone when masked). */
export interface Q1Customer {
  isMasked?: boolean;
  email?: string | null;
  mobileNumber?: string | number | null;
  personalNumber?: string | null;
  organizationNumber?: string | null;
  juridicalType?: string | null;
  address?: { firstName?: string | null; lastName?: string | null; companyName?: string | null; street?: string | null; careOf?: string | null; postalCode?: string | number | null; city?: string | null; area?: string | null } | null;
}

/** The shipping choice `onShippingMethodChanged` hands its listener (the fields Qliro's module reads). */
export interface Q1Shipping {
  method?: string;
  methodName?: string;
  secondaryOption?: string | null;
  price?: number;
  priceExVat?: number;
}

/** The order `onOrderUpdated` hands its listener while the checkout is locked (Qliro's module compares `totalPrice`). */
export interface Q1Order {
  totalPrice: number;
}

/** `window.q1`: the checkout's listeners and the lock around an order update. */
export interface Q1 {
  onCheckoutLoaded(callback: () => void): void;
  onCustomerInfoChanged(callback: (customer: Q1Customer) => void): void;
  onCustomerDeauthenticating(callback: () => void): void;
  onPaymentMethodChanged(callback: (paymentMethod: unknown) => void): void;
  onPaymentDeclined(callback: (declineReason: string) => void): void;
  onPaymentProcess(onStart: () => void, onEnd: () => void): void;
  onShippingMethodChanged(callback: (shipping: Q1Shipping) => void): void;
  onShippingPriceChanged(callback: (newShippingPrice: number) => void): void;
  onSessionExpired(callback: () => void): void;
  /** Locks the checkout (no interaction) before the merchant updates the order. */
  lock(): void;
  /** After `lock()`: the checkout reads the order again and calls back with it until the merchant unlocks. */
  onOrderUpdated(callback: (order: Q1Order) => void): void;
  unlock(): void;
}

declare global {
  interface Window {
    /** Defined by the snippet's script once the checkout renders. */
    q1?: Q1;
    /** Defined by the page before the snippet: called with `q1` once the checkout has rendered. */
    q1Ready?: (q1: Q1) => void;
  }
}
