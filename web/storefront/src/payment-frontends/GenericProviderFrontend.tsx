import { useMutation } from '@apollo/client/react';
import { StartPaymentDocument } from '../generated/graphql.js';
import type { ProviderFrontendProps } from './registry.js';

/**
 * A provider adapter with no frontend of its own in this storefront yet: starts its payment and
 * shows what the PaymentSession carries — hosted markup in a sandboxed frame, or a link to the
 * provider's page.
 */
export function GenericProviderFrontend({ orderId, adapterId, onError }: ProviderFrontendProps) {
  const [start, { data, loading }] = useMutation(StartPaymentDocument);
  const session = data?.startPayment;
  if (!session) {
    return (
      <button type="button" disabled={loading} onClick={() => void start({ variables: { id: orderId, adapterId } }).catch((failure: Error) => onError(failure.message))}>
        Continue with this provider
      </button>
    );
  }
  if (session.htmlSnippet) return <iframe title={`${adapterId} checkout`} className="provider-frame" sandbox="allow-scripts allow-forms allow-same-origin allow-top-navigation" srcDoc={session.htmlSnippet} />;
  if (session.redirectUrl) return <a href={session.redirectUrl}>Continue at the payment provider</a>;
  return <p className="muted">The provider answered no frontend for this payment.</p>;
}
