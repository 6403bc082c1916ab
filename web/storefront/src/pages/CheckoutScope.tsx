import { ApolloProvider } from '@apollo/client/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createCheckoutClient } from '../apollo.js';
import { RenewCheckoutTokenDocument } from '../generated/graphql.js';
import { readSession, sessionHolder, type StorefrontConfig } from '../session.js';

/**
 * Everything under it talks to the gateway as the shopper of one order: an Apollo Client with
 * the order's checkout token, renewed at half its remaining life while the page is open.
 */
export function CheckoutScope({ config, orderId, children }: { config: StorefrontConfig; orderId: string; children: ReactNode }) {
  const [sessions] = useState(() => sessionHolder(readSession(orderId)));
  const client = useMemo(() => {
    const first = sessions.current();
    return first ? createCheckoutClient(config, () => sessions.current() ?? first) : undefined;
  }, [config, sessions]);

  useEffect(() => {
    if (!client || !sessions.current()) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const session = sessions.current();
      if (!session) return;
      const left = Date.parse(session.expiresAt) - Date.now();
      timer = setTimeout(() => {
        client
          .mutate({ mutation: RenewCheckoutTokenDocument, variables: { id: orderId } })
          .then(({ data }) => {
            if (data) sessions.replace({ ...session, token: data.renewCheckoutToken.token, expiresAt: data.renewCheckoutToken.expiresAt });
            schedule();
          })
          .catch(() => undefined);
      }, Math.max(left / 2, 5_000));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [client, orderId, sessions]);

  useEffect(() => () => client?.stop(), [client]);

  if (!client) {
    return (
      <section className="card narrow">
        <h1>This checkout is closed here</h1>
        <p>Its token is missing or expired in this browser. <a href="/">Start again from the basket.</a></p>
      </section>
    );
  }
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
