import DataLoader from 'dataloader';
import type { AuthContext } from '../../platform/auth/principal.js';
import type { PaymentTransactionRecord } from './payment-transaction.model.js';
import { keyOf, type PaymentKey, type PaymentTransactionRepository } from './payment-transaction.repository.js';
import type { PaymentRepository } from './payment.repository.js';
import type { PaymentActions } from './payment-actions.usecase.js';

export interface PaymentContext {
  auth: AuthContext;
  /** Batches every log load of one request into one query. */
  transactions: DataLoader<PaymentKey, PaymentTransactionRecord[], string>;
  /** Orders' attempts (transactions without a payment), batched per request likewise. */
  attempts: DataLoader<string, PaymentTransactionRecord[]>;
  payments: PaymentRepository;
  actions: PaymentActions;
}

/** An adapter token sees only its own adapter's attempts; every other role the tenant's. */
function attemptsFor(repository: PaymentTransactionRepository, auth: AuthContext, orderIds: readonly string[]): Promise<PaymentTransactionRecord[][]> {
  const { role, adapterId } = auth.principal;
  if (role === 'adapter' && !adapterId) return Promise.resolve(orderIds.map(() => []));
  return repository.listAttempts(auth.tenant, orderIds, role === 'adapter' ? adapterId : undefined);
}

/** Per-request context of the payment subgraph: auth plus fresh DataLoaders. */
export function createPaymentContext(
  services: { transactions: PaymentTransactionRepository; payments: PaymentRepository; actions: PaymentActions },
  auth: AuthContext,
): PaymentContext {
  return {
    auth,
    transactions: new DataLoader((keys) => services.transactions.listForPayments(auth.tenant, keys), { cacheKeyFn: keyOf }),
    attempts: new DataLoader((orderIds) => attemptsFor(services.transactions, auth, orderIds)),
    payments: services.payments,
    actions: services.actions,
  };
}
