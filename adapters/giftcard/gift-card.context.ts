import type { AdapterKit } from '../kit/index.js';
import type { CardCodeVault } from './card-code.vault.js';
import { GiftCardSystemClient, type GiftCardApiSettings } from './gift-card-system.client.js';

/** The adapter's configuration in a channel (giftcard_adapter.schema.json beside it). */
export interface GiftCardConfiguration {
  id: string;
  active?: boolean;
  api: GiftCardApiSettings & { shopId: string };
}

/** What the adapter's services share: the kit (platform clients), the code vault, the gift card system. */
export interface GiftCardContext {
  kit: AdapterKit<GiftCardConfiguration>;
  vault: CardCodeVault;
  /** A client of the gift card system as the channel's configuration names it. */
  giftCardSystem(configuration: GiftCardConfiguration): GiftCardSystemClient;
}

/** Clients of the gift card system, each call waiting at most `timeoutMs` (GIFT_CARD_SYSTEM_TIMEOUT_MS). */
export const giftCardSystemFor = (timeoutMs: number) => (configuration: GiftCardConfiguration) => new GiftCardSystemClient(configuration.api, timeoutMs);
