import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';

/**
 * Subscriptions are in the schema (so Sandbox and code generators see them) but run only over
 * graphql-ws on the gateway; one sent over HTTP gets a 400 that says where to send it.
 */
export const noHttpSubscriptionsPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation !== 'subscription') return;
        throw new GraphQLError('Subscriptions run over graphql-ws (a websocket to the gateway\'s /graphql), not over HTTP.', {
          extensions: { code: 'SUBSCRIPTION_OVER_HTTP', http: { status: 400 } },
        });
      },
    };
  },
};
