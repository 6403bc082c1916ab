import { randomBytes, randomUUID } from 'node:crypto';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type {
  Amount,
  CardBehaviour,
  Challenge,
  ChallengeOutcome,
  MerchantAccount,
  Modification,
  PaymentRecord,
  RecurringProcessingModel,
  ResultCode,
  ShopperInteraction,
  StoredMethod,
} from './provider-d.model.js';
import { cardNumberOf, findTestCard, RECEIVED_TYPES, WALLET_TYPES } from './test-cards.js';
import type { WebhookDispatcher } from './webhook.dispatcher.js';
import { notificationOf, type NotificationFields } from './notification.mapper.js';
import { b64, paymentAnswer, storedView } from './provider-d.views.js';

export interface PaymentRequest {
  merchantAccount: string;
  amount: Amount;
  reference: string;
  paymentMethod: Record<string, unknown>;
  returnUrl?: string;
  shopperReference?: string;
  storePaymentMethod?: boolean;
  recurringProcessingModel?: RecurringProcessingModel;
  shopperInteraction?: ShopperInteraction;
  metadata?: Record<string, string>;
  /** What 3-D Secure 2 asks for (kept with the payment's request, shown by the sandbox's payment view). */
  browserInfo?: Record<string, unknown>;
  origin?: string;
  channel?: 'iOS' | 'Android' | 'Web';
  shopperIP?: string;
  shopperEmail?: string;
  billingAddress?: Record<string, string>;
}

export interface DetailsRequest {
  details: Record<string, unknown>;
  paymentData?: string;
}

export interface ModificationRequest {
  merchantAccount: string;
  amount?: Amount;
  reference?: string;
}

export interface SubscriptionRequest {
  shopperReference: string;
  merchantAccount?: string;
  cardNumber?: string;
  recurringProcessingModel?: RecurringProcessingModel;
}

const validation = (message: string, errorCode = '702') => new AppError(422, 'validation', message, { errorCode, errorType: 'validation' });
const pspReference = () => randomBytes(8).toString('hex').toUpperCase();
const unb64 = (value: unknown): Record<string, unknown> | undefined => {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

const FINAL: Record<'authorise' | 'refuse' | 'cancel' | 'error', { resultCode: ResultCode; status: PaymentRecord['status']; refusalReason?: string }> = {
  authorise: { resultCode: 'Authorised', status: 'authorised' },
  refuse: { resultCode: 'Refused', status: 'refused', refusalReason: 'Refused' },
  cancel: { resultCode: 'Cancelled', status: 'cancelled', refusalReason: 'Cancelled by shopper' },
  error: { resultCode: 'Error', status: 'error', refusalReason: 'Acquirer Error' },
};

/**
 * Provider D's state in memory: merchant accounts, payments with their actions, challenges,
 * stored methods and modifications, and the webhooks each change sends (signed, retried by the
 * dispatcher). `baseUrl` is the sandbox's own address (for action URLs).
 */
export class ProviderDStore {
  private readonly accounts = new Map<string, MerchantAccount>();
  private readonly payments = new Map<string, PaymentRecord>();
  private readonly challenges = new Map<string, Challenge>();
  private readonly stored = new Map<string, StoredMethod>();

  constructor(
    private readonly webhooks: WebhookDispatcher,
    private readonly now: () => Date,
    private readonly pendingSettleMs: number,
  ) {}

  baseUrl = 'http://127.0.0.1:4206';

  // --- merchant accounts -------------------------------------------------------------------
  upsertAccount(input: Partial<MerchantAccount> & { merchantAccount: string }): MerchantAccount {
    const current = this.accounts.get(input.merchantAccount);
    const apiKey = input.apiKey ?? current?.apiKey;
    const hmacKey = input.hmacKey ?? current?.hmacKey;
    if (!apiKey || !hmacKey) throw new AppError(400, 'bad_request', 'A new merchant account needs an apiKey and an hmacKey.');
    const account: MerchantAccount = { merchantAccount: input.merchantAccount, apiKey, hmacKey, ...((input.webhookUrl ?? current?.webhookUrl) ? { webhookUrl: input.webhookUrl ?? current?.webhookUrl } : {}) };
    this.accounts.set(account.merchantAccount, account);
    return account;
  }

  accountView(name: string) {
    const account = this.accounts.get(name);
    if (!account) throw notFound(`Merchant account ${name} does not exist.`, 'merchant_account_not_found');
    return { merchantAccount: account.merchantAccount, webhookUrl: account.webhookUrl ?? null, hmacKey: account.hmacKey };
  }

  /** The account a request names, which the API key must own (401 unknown key, 403 another account's key). */
  authorise(apiKey: string | undefined, merchantAccount: string | undefined): MerchantAccount {
    const owned = [...this.accounts.values()].filter((account) => apiKey && account.apiKey === apiKey);
    if (owned.length === 0) throw new AppError(401, 'unauthorized', 'A valid x-api-key header is required.');
    if (merchantAccount === undefined) return owned[0]!;
    const account = owned.find((candidate) => candidate.merchantAccount === merchantAccount);
    if (!account) throw new AppError(403, 'forbidden', `The API key has no access to merchant account ${merchantAccount}.`);
    return account;
  }

  // --- payment methods ---------------------------------------------------------------------
  paymentMethods(account: MerchantAccount, input: { amount?: Amount; shopperReference?: string; countryCode?: string }) {
    const method = (type: string, name: string, brands: string[] = []) => ({ type, name, brands, inputDetails: [], issuers: [] });
    const paymentMethods = [method('scheme', 'Cards', ['visa', 'mc']), method('applepay', 'Apple Pay'), method('googlepay', 'Google Pay')];
    if (input.amount?.currency === 'EUR') paymentMethods.push(method('sepadirectdebit', 'SEPA Direct Debit'));
    const storedPaymentMethods = input.shopperReference ? this.storedOf(account.merchantAccount, input.shopperReference).map(storedView) : [];
    return { paymentMethods, storedPaymentMethods };
  }

  private storedOf(merchantAccount: string, shopperReference: string): StoredMethod[] {
    return [...this.stored.values()].filter((method) => method.merchantAccount === merchantAccount && method.shopperReference === shopperReference);
  }

  // --- payments ----------------------------------------------------------------------------
  pay(account: MerchantAccount, input: PaymentRequest): Record<string, unknown> {
    const interaction = input.shopperInteraction ?? 'Ecommerce';
    const { behaviour, paymentMethod, storedId } = this.methodOf(account, input, interaction);
    const payment: PaymentRecord = {
      pspReference: pspReference(),
      merchantAccount: account.merchantAccount,
      reference: input.reference,
      amount: input.amount,
      resultCode: 'Received',
      status: 'received',
      paymentMethod,
      behaviour,
      ...(input.shopperReference ? { shopperReference: input.shopperReference } : {}),
      shopperInteraction: interaction,
      ...(input.recurringProcessingModel ? { recurringProcessingModel: input.recurringProcessingModel } : {}),
      storePaymentMethod: input.storePaymentMethod === true,
      ...(storedId ? { storedPaymentMethodId: storedId } : {}),
      metadata: input.metadata ?? {},
      ...(input.returnUrl ? { returnUrl: input.returnUrl } : {}),
      captured: 0,
      refunded: 0,
      cancelled: false,
      modifications: [],
      webhooks: [],
      request: input,
      createdAt: this.now().toISOString(),
    };
    this.payments.set(payment.pspReference, payment);
    this.begin(payment);
    return paymentAnswer(payment, this.baseUrl);
  }

  /** What the payment method in the request pays with, and how it behaves. */
  private methodOf(account: MerchantAccount, input: PaymentRequest, interaction: ShopperInteraction): { behaviour: CardBehaviour; paymentMethod: PaymentRecord['paymentMethod']; storedId?: string } {
    const method = input.paymentMethod;
    const type = typeof method.type === 'string' ? method.type : 'scheme';
    const storedId = method.storedPaymentMethodId ?? method.recurringDetailReference;
    if (typeof storedId === 'string') {
      const stored = this.stored.get(storedId);
      if (!stored || stored.merchantAccount !== account.merchantAccount || stored.shopperReference !== input.shopperReference) throw validation('Stored payment method not found for this shopper.', '800');
      if (!input.recurringProcessingModel) throw validation('recurringProcessingModel is required with a stored payment method.');
      if (!stored.supportedRecurringProcessingModels.includes(input.recurringProcessingModel)) throw validation(`The stored payment method was not stored for ${input.recurringProcessingModel}.`, '803');
      // A stored card with ContAuth is a returning shopper: CardOnFile is one-click with the shopper
      // there (the issuer may still ask for authentication); Subscription and UnscheduledCardOnFile
      // run without the shopper, so no authentication can be asked for.
      const shopperAbsent = interaction === 'ContAuth' && input.recurringProcessingModel !== 'CardOnFile';
      const behaviour = shopperAbsent && ['challenge', 'identify', 'redirect'].includes(stored.behaviour) ? 'authorise' : stored.behaviour;
      return { behaviour, paymentMethod: { type: 'scheme', brand: stored.brand, lastFour: stored.lastFour }, storedId: stored.id };
    }
    if (interaction === 'ContAuth') throw validation('ContAuth payments need a stored payment method.');
    if (type === 'scheme') {
      const number = cardNumberOf(method);
      if (!number) throw validation('The card number is missing (encryptedCardNumber).', '101');
      const card = findTestCard(number);
      if (!card) return { behaviour: 'refuse', paymentMethod: { type, brand: 'unknown', lastFour: number.slice(-4) } };
      return { behaviour: card.behaviour, paymentMethod: { type, brand: card.brand, lastFour: card.number.slice(-4) } };
    }
    if ((WALLET_TYPES as readonly string[]).includes(type)) return { behaviour: 'authorise', paymentMethod: { type, brand: type } };
    if ((RECEIVED_TYPES as readonly string[]).includes(type)) return { behaviour: 'pending', paymentMethod: { type } };
    throw validation(`Payment method type ${type} is not available.`, '905');
  }

  /** The first answer: final, or an action for the shopper, or pending. */
  private begin(payment: PaymentRecord): void {
    switch (payment.behaviour) {
      case 'challenge':
      case 'identify':
      case 'redirect': {
        const kind = payment.behaviour === 'identify' ? 'fingerprint' : payment.behaviour;
        const challenge: Challenge = { id: randomUUID(), pspReference: payment.pspReference, kind };
        this.challenges.set(challenge.id, challenge);
        payment.challenge = challenge;
        payment.status = 'awaiting_action';
        payment.resultCode = kind === 'challenge' ? 'ChallengeShopper' : kind === 'fingerprint' ? 'IdentifyShopper' : 'RedirectShopper';
        return;
      }
      case 'pending':
        payment.status = payment.paymentMethod.type === 'scheme' ? 'pending' : 'received';
        payment.resultCode = payment.paymentMethod.type === 'scheme' ? 'Pending' : 'Received';
        if (this.pendingSettleMs > 0) this.webhooks.later(this.pendingSettleMs, () => void this.settleQuietly(payment.pspReference));
        return;
      default:
        this.finish(payment, payment.behaviour);
    }
  }

  private finish(payment: PaymentRecord, outcome: 'authorise' | 'refuse' | 'cancel' | 'error'): void {
    const final = FINAL[outcome];
    payment.resultCode = final.resultCode;
    payment.status = final.status;
    if (final.refusalReason) payment.refusalReason = final.refusalReason;
    if (outcome === 'authorise') this.storeMethodOf(payment);
    this.notify(payment, 'AUTHORISATION', outcome === 'authorise', { amount: payment.amount, reason: final.refusalReason ?? '' });
  }

  private storeMethodOf(payment: PaymentRecord): void {
    if (!payment.storePaymentMethod || !payment.shopperReference || payment.storedPaymentMethodId || payment.paymentMethod.type !== 'scheme') return;
    const model = payment.recurringProcessingModel ?? 'CardOnFile';
    const method = this.newStored(payment.merchantAccount, payment.shopperReference, payment.paymentMethod.brand ?? 'visa', payment.paymentMethod.lastFour ?? '1111', model, 'authorise');
    payment.storedPaymentMethodId = method.id;
  }

  private newStored(merchantAccount: string, shopperReference: string, brand: string, lastFour: string, model: RecurringProcessingModel, behaviour: CardBehaviour): StoredMethod {
    const models: RecurringProcessingModel[] = model === 'CardOnFile' ? ['CardOnFile'] : [model, 'CardOnFile'];
    const method: StoredMethod = {
      id: pspReference(),
      merchantAccount,
      shopperReference,
      type: 'scheme',
      brand,
      lastFour,
      expiryMonth: '03',
      expiryYear: '2030',
      holderName: 'Sandbox Shopper',
      recurringProcessingModel: model,
      supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
      supportedRecurringProcessingModels: models,
      behaviour,
      createdAt: this.now().toISOString(),
    };
    this.stored.set(method.id, method);
    return method;
  }

  /** `/payments/details`: the drop-in's details after an action; the challenge's recorded outcome decides. */
  details(apiKey: string, input: DetailsRequest): Record<string, unknown> {
    const decoded = unb64(input.details.threeDSResult) ?? unb64(input.details.redirectResult) ?? unb64(input.details['threeds2.fingerprint']);
    const challenge = typeof decoded?.challengeId === 'string' ? this.challenges.get(decoded.challengeId) : undefined;
    if (!challenge) throw validation('The details do not belong to any payment (threeDSResult or redirectResult expected).', '14_002');
    const payment = this.payments.get(challenge.pspReference)!;
    if (this.accounts.get(payment.merchantAccount)?.apiKey !== apiKey) throw validation('The details do not belong to any payment of this merchant account.', '14_002');
    if (payment.status !== 'awaiting_action') return paymentAnswer(payment, this.baseUrl); // details sent again: the same answer
    if (!challenge.outcome) throw validation('The shopper has not finished the authentication yet.', '14_003');
    this.finish(payment, challenge.outcome);
    return paymentAnswer(payment, this.baseUrl);
  }

  /** The shopper answers a challenge (the sandbox's page or `POST /api/sandbox/challenges/{id}/complete`): the details the drop-in then sends. */
  completeChallenge(id: string, outcome: ChallengeOutcome): { details: Record<string, string>; pspReference: string; returnUrl?: string } {
    const challenge = this.challenges.get(id);
    if (!challenge) throw notFound(`Challenge ${id} does not exist.`, 'challenge_not_found');
    if (challenge.outcome && challenge.outcome !== outcome) throw new AppError(409, 'challenge_completed', `Challenge ${id} was already answered ${challenge.outcome}.`);
    challenge.outcome = outcome;
    challenge.completedAt ??= this.now().toISOString();
    const payload = b64({ challengeId: id, transStatus: outcome === 'authorise' ? 'Y' : 'N' });
    const key = challenge.kind === 'redirect' ? 'redirectResult' : challenge.kind === 'fingerprint' ? 'threeds2.fingerprint' : 'threeDSResult';
    const payment = this.payments.get(challenge.pspReference)!;
    return { details: { [key]: payload }, pspReference: challenge.pspReference, ...(payment.returnUrl ? { returnUrl: payment.returnUrl } : {}) };
  }

  challenge(id: string): Challenge & { payment: PaymentRecord } {
    const challenge = this.challenges.get(id);
    if (!challenge) throw notFound(`Challenge ${id} does not exist.`, 'challenge_not_found');
    return { ...challenge, payment: this.payments.get(challenge.pspReference)! };
  }

  /** A pending (or received) payment is decided now: AUTHORISATION webhook. */
  settle(psp: string, outcome: 'authorise' | 'refuse'): PaymentRecord {
    const payment = this.find(psp);
    if (payment.status !== 'pending' && payment.status !== 'received') throw new AppError(409, 'not_pending', `Payment ${psp} is ${payment.status}, not pending.`);
    this.finish(payment, outcome);
    return payment;
  }

  private settleQuietly(psp: string): void {
    const payment = this.payments.get(psp);
    if (payment && (payment.status === 'pending' || payment.status === 'received')) this.finish(payment, 'authorise');
  }

  // --- modifications -----------------------------------------------------------------------
  capture(account: MerchantAccount, psp: string, input: ModificationRequest) {
    const payment = this.own(account, psp);
    if (payment.status !== 'authorised' || payment.cancelled) throw validation(`Payment ${psp} is ${payment.cancelled ? 'cancelled' : payment.status}; only an authorised payment can be captured.`, '167');
    const value = input.amount?.value ?? payment.amount.value - payment.captured;
    this.checkCurrency(payment, input.amount);
    if (value <= 0 || payment.captured + value > payment.amount.value) throw validation(`Capture of ${value} exceeds what remains authorised (${payment.amount.value - payment.captured}).`, '137');
    payment.captured += value;
    return this.modify(payment, 'capture', 'CAPTURE', { value, currency: payment.amount.currency }, input.reference);
  }

  refund(account: MerchantAccount, psp: string, input: ModificationRequest) {
    const payment = this.own(account, psp);
    const value = input.amount?.value ?? payment.captured - payment.refunded;
    this.checkCurrency(payment, input.amount);
    if (payment.captured === 0) throw validation(`Payment ${psp} has not been captured; cancel it instead.`, '167');
    if (value <= 0 || payment.refunded + value > payment.captured) throw validation(`Refund of ${value} exceeds what was captured and not refunded (${payment.captured - payment.refunded}).`, '137');
    payment.refunded += value;
    return this.modify(payment, 'refund', 'REFUND', { value, currency: payment.amount.currency }, input.reference);
  }

  cancel(account: MerchantAccount, psp: string, input: ModificationRequest) {
    const payment = this.own(account, psp);
    if (payment.status !== 'authorised' || payment.cancelled) throw validation(`Payment ${psp} is ${payment.cancelled ? 'cancelled' : payment.status}; only an authorised payment can be cancelled.`, '167');
    if (payment.captured > 0) throw validation(`Payment ${psp} is captured; refund it instead.`, '167');
    payment.cancelled = true;
    return this.modify(payment, 'cancel', 'CANCELLATION', undefined, input.reference);
  }

  /**
   * `/payments/{psp}/reversals`: cancels a payment not captured yet, refunds what a captured one
   * has left; its CANCEL_OR_REFUND webhook says which (`modification.action`).
   */
  reverse(account: MerchantAccount, psp: string, input: ModificationRequest) {
    const payment = this.own(account, psp);
    if (payment.status !== 'authorised' || payment.cancelled) throw validation(`Payment ${psp} is ${payment.cancelled ? 'cancelled' : payment.status}; only an authorised payment can be reversed.`, '167');
    const left = payment.captured - payment.refunded;
    if (payment.captured > 0 && left <= 0) throw validation(`Payment ${psp} is refunded in full; there is nothing to reverse.`, '167');
    const action = payment.captured > 0 ? 'refund' : 'cancel';
    if (action === 'refund') payment.refunded += left;
    else payment.cancelled = true;
    const amount = { value: action === 'refund' ? left : payment.amount.value, currency: payment.amount.currency };
    const answer = this.modify(payment, 'reversal', 'CANCEL_OR_REFUND', undefined, input.reference, { amount, additionalData: { 'modification.action': action, originalMerchantReference: payment.reference } });
    return answer;
  }

  private checkCurrency(payment: PaymentRecord, amount: Amount | undefined): void {
    if (amount && amount.currency !== payment.amount.currency) throw validation(`Currency ${amount.currency} is not the payment's (${payment.amount.currency}).`, '128');
  }

  /**
   * A modification, answered `received`; its webhook follows. As the provider does, the webhook's
   * `merchantReference` is the modification request's `reference` when it named one (the payment's
   * own reference otherwise), and its `originalReference` the payment's PSP reference.
   */
  private modify(payment: PaymentRecord, type: Modification['type'], eventCode: string, amount: Amount | undefined, reference: string | undefined, event: { amount?: Amount; additionalData?: Record<string, string> } = {}) {
    const modification: Modification = { pspReference: pspReference(), type, ...(amount ? { amount } : {}), ...(reference ? { reference } : {}), status: 'received', createdAt: this.now().toISOString() };
    payment.modifications.push(modification);
    this.notify(payment, eventCode, true, {
      pspReference: modification.pspReference,
      originalReference: payment.pspReference,
      merchantReference: reference ?? payment.reference,
      amount: event.amount ?? amount ?? payment.amount,
      reason: '',
      ...(event.additionalData ? { additionalData: event.additionalData } : {}),
    });
    return { merchantAccount: payment.merchantAccount, paymentPspReference: payment.pspReference, pspReference: modification.pspReference, ...(reference ? { reference } : {}), ...(amount ? { amount } : {}), status: 'received' };
  }

  // --- subscriptions (shopper API) ---------------------------------------------------------
  subscribe(input: SubscriptionRequest, defaultAccount: string): StoredMethod {
    const merchantAccount = input.merchantAccount ?? defaultAccount;
    if (!this.accounts.has(merchantAccount)) throw notFound(`Merchant account ${merchantAccount} does not exist.`, 'merchant_account_not_found');
    const card = findTestCard(input.cardNumber ?? '4111111111111111');
    if (!card) throw new AppError(400, 'unknown_test_card', `${input.cardNumber} is not a test card (docs/sandboxes.md).`);
    return this.newStored(merchantAccount, input.shopperReference, card.brand, card.number.slice(-4), input.recurringProcessingModel ?? 'Subscription', card.behaviour);
  }

  // --- views ---------------------------------------------------------------------------------
  find(psp: string): PaymentRecord {
    const payment = this.payments.get(psp);
    if (!payment) throw notFound(`Payment ${psp} does not exist.`, 'payment_not_found');
    return payment;
  }

  private own(account: MerchantAccount, psp: string): PaymentRecord {
    const payment = this.payments.get(psp);
    if (!payment || payment.merchantAccount !== account.merchantAccount) throw validation(`Payment ${psp} does not exist for this merchant account.`, '167');
    return payment;
  }

  list(): PaymentRecord[] {
    return [...this.payments.values()];
  }

  private notify(payment: PaymentRecord, eventCode: string, success: boolean, fields: NotificationFields): void {
    const webhook = notificationOf(payment, this.accounts.get(payment.merchantAccount)!, eventCode, success, fields, this.now());
    payment.webhooks.push(webhook);
    this.webhooks.dispatch(webhook);
  }

}
