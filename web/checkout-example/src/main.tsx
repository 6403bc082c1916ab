// The checkout client's example app: open a checkout for a demo basket, then pay it (docs/storefront-sdk.md).
import { createRoot } from 'react-dom/client';
import { StrictMode, useEffect, useState } from 'react';
import { loadConfig, seedDemoBasket, startCheckout, type DemoBasket, type StorefrontConfig } from '@checkout-platform/checkout-client';
import { CheckoutProvider } from '@checkout-platform/checkout-client/react';
import { ExampleCheckout } from './ExampleCheckout.js';

interface Opened {
  orderId: string;
  giftCard: DemoBasket['giftCard'];
}

function ExampleApp() {
  const [config, setConfig] = useState<StorefrontConfig>();
  const [opened, setOpened] = useState<Opened>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    loadConfig().then(setConfig, (failure: Error) => setError(failure.message));
  }, []);

  // The storefront's server seeds a basket in the commerce sandbox and creates its checkout (the token lands in sessionStorage).
  const open = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const basket = await seedDemoBasket();
      const session = await startCheckout(basket.basketId);
      setOpened({ orderId: session.orderId, giftCard: basket.giftCard });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '24px auto', padding: '0 16px' }}>
      <h1>Checkout client example</h1>
      {error && <p role="alert">{error}</p>}
      {!config && !error && <p>Loading…</p>}
      {config && !opened && (
        <button type="button" disabled={busy} onClick={() => void open()}>
          Open a demo checkout
        </button>
      )}
      {config && opened && (
        <CheckoutProvider config={config} orderId={opened.orderId} closed={<p>This browser holds no token for the checkout.</p>}>
          <ExampleCheckout orderId={opened.orderId} giftCard={opened.giftCard} />
        </CheckoutProvider>
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ExampleApp />
  </StrictMode>,
);
