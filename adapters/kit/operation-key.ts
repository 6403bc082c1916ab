import { createHash } from 'node:crypto';
import type { Tenant } from '../../platform/auth/principal.js';
import type { PaymentCallbackRequest } from '../../contracts/callbacks.types.js';

/**
 * The idempotency key a lifecycle step sends its provider (docs/adapter-kit.md, "Money calls are
 * safe to retry"): derived from the platform's own operation (`operationId`, the same on every
 * retry of that refund, capture or cancel), the tenant and the payment — never from amounts read
 * at the call, which a lost-but-applied call has already changed. A retry carries the same key, so
 * the provider moves the money once; another operation (a second refund of the same amount)
 * carries another.
 *
 * `hex` (default: 32 hex digits, e.g. Avarda's `tranId`, at most 36 characters), or `uuid` (the
 * same digest shaped as a name-based UUID, version 5, as Klarna recommends its keys).
 */
export function operationKey(call: { tenant: Tenant; payment: { id: string }; request: Pick<PaymentCallbackRequest, 'operationId'> }, format: 'hex' | 'uuid' = 'hex'): string {
  const digest = createHash('sha256').update([call.tenant.merchant, call.tenant.channel, call.payment.id, call.request.operationId].join('\n')).digest('hex');
  if (format === 'hex') return digest.slice(0, 32);
  // RFC 4122 layout: version 5 in the 13th digit, the variant's two bits in the 17th.
  const variant = ((parseInt(digest[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${digest.slice(0, 8)}-${digest.slice(8, 12)}-5${digest.slice(13, 16)}-${variant}${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
}
