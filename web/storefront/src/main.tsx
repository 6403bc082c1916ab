// The reference storefront's entry: its settings, its routes and their pages.
import { createRoot } from 'react-dom/client';
import { StrictMode, useEffect, useState } from 'react';
import { loadConfig, type StorefrontConfig } from '@checkout-platform/checkout-client';
import { useRoute } from './router.js';
import { HomePage } from './pages/HomePage.js';
import { CheckoutScope } from './pages/CheckoutScope.js';
import { CheckoutPage } from './pages/CheckoutPage.js';
import { ConfirmationPage } from './pages/ConfirmationPage.js';
import './styles.css';

function App() {
  const [config, setConfig] = useState<StorefrontConfig>();
  const [error, setError] = useState<string>();
  const route = useRoute();
  useEffect(() => {
    loadConfig().then(setConfig, (failure: Error) => setError(failure.message));
  }, []);
  if (error) return <p className="error">{error}</p>;
  if (!config) return <p className="muted">Loading…</p>;
  return (
    <div className="shell">
      <header className="top">
        <a href="/" className="brand">Demo shop</a>
      </header>
      <main>
        {route.page === 'home' && <HomePage config={config} />}
        {route.page === 'checkout' && (
          <CheckoutScope key={route.orderId} config={config} orderId={route.orderId}>
            <CheckoutPage orderId={route.orderId} />
          </CheckoutScope>
        )}
        {route.page === 'confirmation' && (
          <CheckoutScope key={route.orderId} config={config} orderId={route.orderId}>
            <ConfirmationPage orderId={route.orderId} />
          </CheckoutScope>
        )}
      </main>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
