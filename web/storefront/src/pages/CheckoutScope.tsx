// A page of one order's checkout, inside the checkout client's provider (or a note when this browser holds no token for it).
import type { ReactNode } from 'react';
import { CheckoutProvider } from '@checkout-platform/checkout-client/react';
import type { StorefrontConfig } from '@checkout-platform/checkout-client';

/**
 * Everything under it talks to the gateway as the shopper of one order (CheckoutProvider: the
 * order's checkout token, renewed at half its remaining life while the page is open).
 */
export function CheckoutScope({ config, orderId, children }: { config: StorefrontConfig; orderId: string; children: ReactNode }) {
  const closed = (
    <section className="card narrow">
      <h1>This checkout is closed here</h1>
      <p>Its token is missing or expired in this browser. <a href="/">Start again from the basket.</a></p>
    </section>
  );
  return (
    <CheckoutProvider config={config} orderId={orderId} closed={closed}>
      {children}
    </CheckoutProvider>
  );
}
