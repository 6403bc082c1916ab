import { describe, expect, it } from '@jest/globals';
import { CardCodeVault } from '../../adapters/giftcard/card-code.vault.js';
import { amountCorrections, coverageOfNewCard, followedAmount, limitedShares, refusalToAdd } from '../../adapters/giftcard/gift-card.domain.js';
import type { PaymentDocument } from '../../subgraphs/order/domain/order.types.js';

const card = (id: string, amount: number, limit: number, state = 'intent', adapterId = 'giftcard_adapter'): PaymentDocument => ({ id, adapterId, state, amount, upperLimitAmount: limit });
const main = (id: string, amount: number): PaymentDocument => ({ id, adapterId: 'nonpsp_adapter', state: 'intent', amount, upperLimitAmount: 2147483647 });
const order = (total: number, payments: PaymentDocument[]) => ({ total: { includingVat: total, excludingVat: total }, payments });

describe('gift card rules', () => {
  it('a new card covers what remains after the cards before it, up to its balance', () => {
    expect(coverageOfNewCard(order(150, []), 100)).toBe(100);
    expect(coverageOfNewCard(order(150, [card('a', 100, 100)]), 100)).toBe(50);
    expect(coverageOfNewCard(order(150, [card('a', 100, 100), card('b', 50, 100)]), 100)).toBe(0);
    // An unlimited payment does not reduce it: it follows through amountChanged.
    expect(coverageOfNewCard(order(249.9, [main('m', 249.9)]), 100)).toBe(100);
    // Removed cards cover nothing; exact decimals.
    expect(coverageOfNewCard(order(100.3, [card('a', 100, 100, 'removed'), card('b', 0.1, 0.1)]), 500)).toBe(100.2);
  });

  it('shares follow the order engine: in the order added, each up to its limit', () => {
    expect([...limitedShares(order(80, [card('a', 100, 100), card('b', 50, 100), main('m', 0)]))]).toEqual([['a', 80], ['b', 0]]);
  });

  it('corrects only its own open cards whose amount is not their share', () => {
    const corrections = amountCorrections(order(150, [card('a', 100, 100, 'removed'), card('b', 50, 100), card('c', 0, 30, 'intent', 'other_adapter')]));
    expect(corrections.map(({ payment, amount }) => [payment.id, amount])).toEqual([['b', 100]]);
  });

  it('amountChanged is capped by the balance and never negative', () => {
    expect(followedAmount(card('a', 50, 100), 120)).toBe(100);
    expect(followedAmount(card('a', 50, 100), 70.5)).toBe(70.5);
    expect(followedAmount(card('a', 50, 100), -1)).toBe(0);
  });

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
