// The storefront's first page: a basket (typed, or a demo basket) and Go to checkout.
import { useState } from 'react';
import { seedDemoBasket, startCheckout, type DemoBasket, type StorefrontConfig } from '@checkout-platform/checkout-client';
import { navigate } from '../router.js';

/** The basket: one of the commerce platform's (its id), or a demo basket seeded in the sandbox. */
export function HomePage({ config }: { config: StorefrontConfig }) {
  const [basketId, setBasketId] = useState(() => new URLSearchParams(location.search).get('basket') ?? '');
  const [demo, setDemo] = useState<DemoBasket>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const checkout = () =>
    run(async () => {
      const session = await startCheckout(basketId.trim());
      navigate(`/checkout/${encodeURIComponent(session.orderId)}`);
    });

  return (
    <section className="card narrow">
      <h1>Your basket</h1>
      <p className="muted">A basket lives in the commerce platform; the checkout is made from it.</p>
      <label>
        Basket id
        <input name="basketId" value={basketId} onChange={(event) => setBasketId(event.target.value)} placeholder="the commerce platform's basket id" />
      </label>
      <div className="row">
        <button type="button" className="primary" disabled={busy || basketId.trim() === ''} onClick={() => void checkout()}>
          Go to checkout
        </button>
        {config.demo && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const seeded = await seedDemoBasket();
                setDemo(seeded);
                setBasketId(seeded.basketId);
              })
            }
          >
            New demo basket
          </button>
        )}
      </div>
      {demo?.giftCard && (
        <p className="note" data-testid="demo-gift-card">
          Demo gift card <code>{demo.giftCard.cardId}</code> holds {demo.giftCard.balance} {demo.giftCard.currency}.
        </p>
      )}
      {error && <p className="error">{error}</p>}
    </section>
  );
}
