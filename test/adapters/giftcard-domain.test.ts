import { describe, expect, it } from '@jest/globals';
import { CardCodeVault } from '../../adapters/giftcard/card-code.vault.js';
import { refusalToAdd } from '../../adapters/giftcard/gift-card.domain.js';


describe('gift card rules', () => {
  it('refuses an empty card, a missing required code and another currency — not a wrong code', () => {
    expect(refusalToAdd({ balance: 0, currency: 'NOK', codeRequired: false }, undefined, 'NOK')?.code).toBe('gift_card_empty');
    expect(refusalToAdd({ balance: 10, currency: 'NOK', codeRequired: true }, '', 'NOK')?.code).toBe('gift_card_code_required');
    expect(refusalToAdd({ balance: 10, currency: 'SEK', codeRequired: false }, undefined, 'NOK')?.code).toBe('gift_card_currency_mismatch');
    expect(refusalToAdd({ balance: 10, currency: 'NOK', codeRequired: true }, 'any', 'NOK')).toBeUndefined();
  });

  it('seals codes so that they open only for the same tenant, order and card, under the same secret', () => {
    const vault = new CardCodeVault('secret-1');
    const context = { merchant: 'm', channel: 'c', orderId: 'o', cardId: 'card' };
    const sealed = vault.seal('1234', context);
    expect(sealed).not.toContain('1234');
    expect(vault.open(sealed, context)).toBe('1234');
    expect(vault.open(sealed, { ...context, orderId: 'other' })).toBeUndefined();
    expect(vault.open(sealed, { ...context, cardId: 'other' })).toBeUndefined();
    expect(new CardCodeVault('secret-2').open(sealed, context)).toBeUndefined();
  });
});
