import type { AuthContext } from '../../platform/auth/principal.js';
import { signCheckoutToken, type CheckoutToken } from '../../platform/auth/platform-tokens.js';
import { requireOrderAccess, requireRole } from '../../platform/auth/request-auth.js';
import type { PlatformSigningKey } from '../../platform/auth/signing-key.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { OrderStatus } from '../../contracts/order-state.machine.js';
import type { OrderCommands } from './order-commands.usecase.js';

/** Who may ask for a checkout token: servers for any order of their channel, a shopper for its own (renewal). */
export const CHECKOUT_TOKEN_ISSUERS = ['storefront', 'shopper', 'adapter', 'admin', 'service'] as const;

/**
 * A shopper follows its order up to the confirmation: tokens are issued and renewed until the
 * order is delivered. Past that the back office and adapters act alone (docs/auth.md).
 */
const OPEN_STATUSES: readonly OrderStatus[] = ['checkout', 'processing', 'accepted', 'completed'];

export interface CheckoutTokenOptions {
  key: () => Promise<PlatformSigningKey>;
  issuer: string;
  audience: string;
  lifetimeS: number;
}

/** Issues checkout tokens (role `shopper`) for one order of the caller's tenant, and renews them. */
export class CheckoutTokens {
  constructor(
    private readonly commands: OrderCommands,
    private readonly options: CheckoutTokenOptions,
  ) {}

  async issue(auth: AuthContext, orderId: string): Promise<CheckoutToken> {
    requireRole(auth, ...CHECKOUT_TOKEN_ISSUERS);
    requireOrderAccess(auth, orderId);
    const order = await this.commands.get(auth, orderId);
    const status = order.document.state.currentStatus;
    if (!OPEN_STATUSES.includes(status)) {
      throw new AppError(409, 'checkout_closed', `Order ${orderId} is ${status}; checkout tokens are issued until an order is delivered.`);
    }
    const { issuer, audience, lifetimeS } = this.options;
    return signCheckoutToken(await this.options.key(), { ...auth.tenant, orderId }, { issuer, audience, lifetimeS });
  }
}
