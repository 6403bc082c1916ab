// Starting an adapter's payment for its frontend (startPayment → the adapter's PaymentSession).
import type { ApolloClient } from '@apollo/client';
import { StartPaymentDocument, type StartPaymentMutation } from './generated/graphql.js';

export type PaymentSession = StartPaymentMutation['startPayment'];

/** Starts a payment of the adapter: its htmlSnippet, redirectUrl and `data` (the adapter's answer as it answered it). */
export async function startPayment(client: ApolloClient, orderId: string, adapterId: string): Promise<PaymentSession> {
  const { data } = await client.mutate({ mutation: StartPaymentDocument, variables: { id: orderId, adapterId } });
  if (!data) throw new Error('The payment could not be started.');
  return data.startPayment;
}

/** A field of the adapter's answer, when it is a string. */
export const dataString = (session: PaymentSession | undefined, field: string): string | undefined => {
  const value = (session?.data as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === 'string' ? value : undefined;
};
