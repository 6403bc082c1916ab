import type { Prisma } from '../../platform/db/generated/client.js';

export type PaymentTransactionRecord = Prisma.PaymentTransactionGetPayload<object>;
