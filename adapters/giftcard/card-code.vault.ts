import { hkdfSync } from 'node:crypto';
import { createSecretBox, type SecretBox } from '../kit/platform.js';

export interface CardCodeContext {
  merchant: string;
  channel: string;
  orderId: string;
  cardId: string;
}

/**
 * Where the shopper's card code lives between adding the card and the reservation at
 * `processing`: sealed (AES-256-GCM) on the payment's `attributes.sealedCode`, under a key only
 * this adapter derives (HKDF of the adapter's own secret, kit.ownSecret; never the platform's). The
 * sealed text is bound to merchant, channel, order and card, so it cannot be replayed elsewhere.
 * Survives restarts and works with several adapter instances; anyone reading the order (the
 * storefront too) sees only ciphertext. See docs/adapters/giftcard.md, "Where the code lives".
 */
export class CardCodeVault {
  private readonly box: SecretBox;

  constructor(adapterSecret: string) {
    const key = Buffer.from(hkdfSync('sha256', Buffer.from(adapterSecret, 'utf8'), Buffer.alloc(0), 'giftcard_adapter/card-codes/v1', 32));
    this.box = createSecretBox(key);
  }

  seal(code: string, context: CardCodeContext): string {
    return this.box.seal(code, aad(context));
  }

  /** The code, or undefined when it cannot be opened (another key, tampered, another order or card). */
  open(sealed: string, context: CardCodeContext): string | undefined {
    try {
      return this.box.open(sealed, aad(context));
    } catch {
      return undefined;
    }
  }
}

const aad = (context: CardCodeContext) => ['giftcard_adapter', context.merchant, context.channel, context.orderId, context.cardId].join('\u0000');
