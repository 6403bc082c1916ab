import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { client, loadPageConfig, type PageConfig, type Session } from './api';
import { ConfigurationsPage } from './configurations.page';
import { NotificationsPage } from './notifications.page';
import { OrderPage } from './order.page';
import { OrdersPage } from './orders.page';
import { finishIdentityProviderSignIn, loadSession, saveSession } from './session';
import { SignInPage } from './sign-in.page';
import './admin.css';

/** Hash routes: #/configurations[/id], #/orders[?filters] (orders.page.tsx), #/orders/<id>, #/notifications. */
function useRoute(): string[] {
  const read = () => location.hash.replace(/^#\/?/, '').split('?')[0]!.split('/').filter(Boolean).map(decodeURIComponent);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const changed = () => setRoute(read());
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}

function App() {
  const [config, setConfig] = useState<PageConfig | null>(null);
  const [session, setSession] = useState<Session | null>(loadSession);
  const [problem, setProblem] = useState<string | null>(null);
  const route = useRoute();

  const change = useCallback((next: Session | null) => {
    saveSession(next);
    setSession(next);
  }, []);

  useEffect(() => {
    loadPageConfig()
      .then(async (loaded) => {
        setConfig(loaded);
        const returned = await finishIdentityProviderSignIn(loaded.identityProvider);
        if (returned) change(returned);
      })
      .catch((error: Error) => setProblem(error.message));
  }, [change]);

  const gql = useMemo(() => (config && session ? client(config, session) : null), [config, session]);

  if (problem) return <p className="problem">{problem}</p>;
  if (!config) return <p>Loading…</p>;
  if (!session || !gql) return <SignInPage config={config} onSignIn={change} />;

  const [section = 'orders', id] = route;
  return (
    <div className="layout">
      <header>
        <strong>Checkout admin</strong>
        <nav>
          <a href="#/configurations" className={section === 'configurations' ? 'current' : ''}>Configurations</a>
          <a href="#/orders" className={section === 'orders' ? 'current' : ''}>Orders</a>
          <a href="#/notifications" className={section === 'notifications' ? 'current' : ''}>Notifications</a>
        </nav>
        <span className="tenant">
          <label>
            Merchant <code data-testid="merchant">{session.merchant}</code>
          </label>
          <label>
            Channel{' '}
            <input
              aria-label="Channel"
              list="channels"
              defaultValue={session.channel}
              key={session.channel}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && event.currentTarget.value.trim()) change({ ...session, channel: event.currentTarget.value.trim() });
              }}
              onBlur={(event) => event.currentTarget.value.trim() && event.currentTarget.value.trim() !== session.channel && change({ ...session, channel: event.currentTarget.value.trim() })}
            />
            <datalist id="channels">
              {session.channels.filter((channel) => channel !== '*').map((channel) => (
                <option key={channel} value={channel} />
              ))}
            </datalist>
          </label>
          <button type="button" onClick={() => change(null)}>
            Sign out
          </button>
        </span>
      </header>
      <main key={`${session.merchant}/${session.channel}`}>
        {section === 'configurations' ? (
          <ConfigurationsPage gql={gql} selected={id} />
        ) : section === 'notifications' ? (
          <NotificationsPage gql={gql} />
        ) : id ? (
          <OrderPage gql={gql} orderId={id} />
        ) : (
          <OrdersPage gql={gql} />
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
