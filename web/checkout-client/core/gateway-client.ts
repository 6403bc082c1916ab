// The Apollo Client of one checkout: the gateway over HTTP and graphql-ws with the order's checkout token.
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient } from 'graphql-ws';
import type { CheckoutSession, StorefrontConfig } from './checkout-session.js';
import { orderUpdateLink } from './order-updates.js';

/** The three headers every call carries, from the session's current (possibly renewed) token. */
const headersOf = (session: () => CheckoutSession) => ({
  authorization: `Bearer ${session().token}`,
  'x-merchant': session().merchant,
  'x-channel': session().channel,
});

/**
 * One Apollo Client per checkout: queries and mutations over HTTP, `orderChanged` over graphql-ws,
 * both to the gateway with the checkout token (the socket's connection parameters carry the same
 * headers). `session` is read per request, so a renewed token is used at once.
 */
export function createCheckoutClient(config: StorefrontConfig, session: () => CheckoutSession): ApolloClient {
  const endpoint = `${config.gatewayUrl.replace(/\/+$/, '')}/graphql`;
  const withHeaders = new ApolloLink((operation, forward) => {
    operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({ headers: { ...headers, ...headersOf(session) } }));
    return forward(operation);
  });
  // The order-update link tells a provider's frontend of the storefront's own updates (order-updates.ts).
  const http = ApolloLink.from([orderUpdateLink, withHeaders, new HttpLink({ uri: endpoint })]);
  const ws = new GraphQLWsLink(createClient({ url: endpoint.replace(/^http/, 'ws'), connectionParams: () => headersOf(session), lazy: true, retryAttempts: 5 }));
  const link = ApolloLink.split(
    ({ query }) => {
      const definition = getMainDefinition(query);
      return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
    },
    ws,
    http,
  );
  return new ApolloClient({
    link,
    cache: new InMemoryCache({
      typePolicies: {
        // A payment is one of its order's; its id is unique within the order.
        Payment: { keyFields: ['id'] },
        Order: { fields: { payments: { merge: false }, shippings: { merge: false } } },
      },
    }),
  });
}
