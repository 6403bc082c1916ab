import DataLoader from 'dataloader';
import type { AuthContext } from '../../platform/auth/principal.js';
import type { PaymentTransactionRecord } from './payment-transaction.model.js';
import { keyOf, type PaymentKey, type PaymentTransactionRepository } from './payment-transaction.repository.js';
import type { PaymentRepository } from './payment.repository.js';

export interface PaymentContext {
  auth: AuthContext;
  /** Batches every log load of one request into one query. */
  transactions: DataLoader<PaymentKey, PaymentTransactionRecord[], string>;
  payments: PaymentRepository;
}

/** Per-request context of the payment subgraph: auth plus fresh DataLoaders. */
export function createPaymentContext(
  services: { transactions: PaymentTransactionRepository; payments: PaymentRepository },
  auth: AuthContext,
): PaymentContext {
  return {
    auth,
    transactions: new DataLoader((keys) => services.transactions.listForPayments(auth.tenant, keys), { cacheKeyFn: keyOf }),
    payments: services.payments,
  };
}
