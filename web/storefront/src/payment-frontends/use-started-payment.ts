import { useMutation } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { StartPaymentDocument, type StartPaymentMutation } from '../generated/graphql.js';

export type PaymentSession = StartPaymentMutation['startPayment'];

/**
 * Starts the adapter's payment once, when its frontend is shown (startPayment → PaymentSession:
 * htmlSnippet, redirectUrl and `data`, the adapter's answer as it answered it).
 */
export function useStartedPayment(orderId: string, adapterId: string, onError: (message: string) => void): PaymentSession | undefined {
  const [start, { data }] = useMutation(StartPaymentDocument);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start({ variables: { id: orderId, adapterId } }).catch((failure: Error) => onError(failure.message));
  }, [orderId, adapterId, start, onError]);
  return data?.startPayment;
}

/** A field of the adapter's answer, when it is a string. */
export const dataString = (session: PaymentSession | undefined, field: string): string | undefined => {
  const value = (session?.data as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === 'string' ? value : undefined;
};
