// Renewing a checkout token at half its remaining life while a checkout is open.
import type { ApolloClient } from '@apollo/client';
import { RenewCheckoutTokenDocument } from './generated/graphql.js';
import type { SessionHolder } from './checkout-session.js';

/**
 * Renews the order's checkout token (renewCheckoutToken) when half of its remaining life has
 * passed (at least 5 s apart), again and again, saving each new token in the holder (and so in
 * sessionStorage). A failed renewal stops renewing: the token runs out as it would. Answers a stop.
 */
export function keepTokenRenewed(client: ApolloClient, orderId: string, sessions: SessionHolder): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = () => {
    const session = sessions.current();
    if (!session || stopped) return;
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
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
