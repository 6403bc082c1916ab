// Where a provider B purchase is, read from its mode's `step.current` (Avarda's purchase states).
import type { Purchase, PurchaseModeData } from './provider-b-api.client.js';

/**
 * Avarda's purchase states as its own Magento module groups them (Helper/PurchaseState.php): the
 * shopper still filling in the form, waiting for a bank, card or credit decision, completed, or
 * dead (the session over). Any other value (HandledByMerchant, Unknown, a state added later) is
 * none of these: not open for a submit, not completed.
 */
const IN_CHECKOUT = ['Initialized', 'EmailZipEntry', 'SsnEntry', 'PhoneNumberEntry', 'PhoneNumberEntryForKnownCustomer', 'PersonalInfo', 'PersonalInfoWithoutSsn'];
const WAITING = ['WaitingForSwish', 'RedirectedToDirectPaymentBank', 'RedirectedToNets', 'WaitingForBankId', 'RedirectedToTupas', 'AwaitingCreditApproval'];
const DEAD = ['TimedOut', 'Outdated', 'Canceled'];

/** The shopper's data of the purchase's mode (`b2B` when `mode` is B2B, else `b2C`), as Avarda's modules read it. */
export const modeData = (purchase: Purchase): PurchaseModeData => (purchase.mode === 'B2B' ? purchase.b2B : purchase.b2C) ?? {};

/** The purchase's step (`Unknown` when it names none). */
export const stepOf = (purchase: Purchase): string => modeData(purchase).step?.current ?? 'Unknown';

export const isInCheckout = (step: string) => IN_CHECKOUT.includes(step);
export const isWaiting = (step: string) => WAITING.includes(step);
export const isCompleted = (step: string) => step === 'Completed';
export const isDead = (step: string) => DEAD.includes(step);
