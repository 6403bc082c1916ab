import type { CardBehaviour } from './provider-d.model.js';

/**
 * The sandbox's test cards (docs/sandboxes.md, "Provider D"): the number decides what happens.
 * Any expiry in the future and any CVC are accepted. The drop-in sends numbers "encrypted"; in
 * the sandbox an encrypted number is `test_<number>` (or the plain `number` field).
 */
export const TEST_CARDS: ReadonlyArray<{ number: string; brand: string; behaviour: CardBehaviour; note: string }> = [
  { number: '4111111111111111', brand: 'visa', behaviour: 'authorise', note: 'Authorised at once' },
  { number: '5555555555554444', brand: 'mc', behaviour: 'authorise', note: 'Authorised at once' },
  { number: '4000000000000002', brand: 'visa', behaviour: 'refuse', note: 'Refused (refusalReason "Refused")' },
  { number: '4000000000000119', brand: 'visa', behaviour: 'error', note: 'Error (refusalReason "Acquirer Error")' },
  { number: '4212345678901237', brand: 'visa', behaviour: 'challenge', note: 'ChallengeShopper: a threeDS2 challenge action; the challenge decides' },
  { number: '5454545454545454', brand: 'mc', behaviour: 'identify', note: 'IdentifyShopper: a threeDS2 fingerprint action, then Authorised' },
  { number: '4000000000003063', brand: 'visa', behaviour: 'redirect', note: 'RedirectShopper: a redirect action to the sandbox\'s 3-D Secure page' },
  { number: '4000000000000077', brand: 'visa', behaviour: 'pending', note: 'Pending: the AUTHORISATION webhook decides later' },
];

/** Wallets pay with any token; a direct debit is Received (settled later by webhook). */
export const WALLET_TYPES = ['applepay', 'googlepay', 'paywithgoogle'] as const;
export const RECEIVED_TYPES = ['sepadirectdebit', 'directdebit'] as const;

export function findTestCard(cardNumber: string) {
  return TEST_CARDS.find((card) => card.number === cardNumber.replace(/\s+/g, ''));
}

/** The number inside a sandbox-"encrypted" field (`test_4111…`) or a plain number. */
export function cardNumberOf(paymentMethod: Record<string, unknown>): string | undefined {
  const encrypted = paymentMethod.encryptedCardNumber;
  if (typeof encrypted === 'string') return encrypted.startsWith('test_') ? encrypted.slice(5) : encrypted;
  return typeof paymentMethod.number === 'string' ? paymentMethod.number : undefined;
}
