import { useMutation } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { StartPaymentDocument, type StartPaymentMutation } from '../generated/graphql.js';
import { useLatest } from '../use-latest.js';

export type PaymentSession = StartPaymentMutation['startPayment'];

/**
 * Starts the adapter's payment once per attempt, when its frontend is shown (startPayment →
 * PaymentSession: htmlSnippet, redirectUrl and `data`, the adapter's answer as it answered it). A
 * new `attempt` starts a new payment (after a refusal failed the last one).
 */
export function useStartedPayment(orderId: string, adapterId: string, onError: (message: string) => void, attempt = 0): PaymentSession | undefined {
  const [start, { data }] = useMutation(StartPaymentDocument);
  const started = useRef<number | undefined>(undefined);
  const report = useLatest(onError);
  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    start({ variables: { id: orderId, adapterId } }).catch((failure: Error) => report.current(failure.message));
  }, [orderId, adapterId, start, attempt, report]);
  return data?.startPayment;
}

/** A field of the adapter's answer, when it is a string. */
export const dataString = (session: PaymentSession | undefined, field: string): string | undefined => {
  const value = (session?.data as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === 'string' ? value : undefined;
};
