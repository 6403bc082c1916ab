/**
 * What the shopper reads for the platform's states and codes: order and payment states, and the
 * validation failures that stop an order, in words — never an id, a version or a raw state.
 */

const ORDER_STATUS: Record<string, string> = {
  checkout: 'Checkout',
  processing: 'Processing your payment',
  accepted: 'Order accepted',
  completed: 'Order confirmed',
  delivered: 'Delivered',
};
export const orderStatusText = (status: string) => ORDER_STATUS[status] ?? 'Being updated';

const PAYMENT_STATE: Record<string, string> = {
  intent: 'not paid yet',
  processing: 'waiting for the payment provider',
  pending: 'waiting for the payment provider',
  reserved: 'approved',
  accepted: 'approved',
  captured: 'paid',
  refunded: 'refunded',
  cancelled: 'cancelled',
  failed: 'not completed',
};
export const paymentStateText = (state: string) => PAYMENT_STATE[state] ?? 'being processed';

/** The billing fields the storefront asks for, with the words each is shown and asked for with (missing, or refused as typed). */
export const BILLING_FIELDS = [
  { field: 'givenName', label: 'First name', missing: 'Enter your first name.', invalid: 'Check your first name.', autoComplete: 'given-name', type: 'text' },
  { field: 'familyName', label: 'Last name', missing: 'Enter your last name.', invalid: 'Check your last name.', autoComplete: 'family-name', type: 'text' },
  { field: 'email', label: 'E-mail', missing: 'Enter your e-mail address.', invalid: 'Enter a valid e-mail address, like name@example.com.', autoComplete: 'email', type: 'email' },
  { field: 'phone', label: 'Phone', missing: 'Enter your phone number.', invalid: 'Enter a valid phone number.', autoComplete: 'tel', type: 'tel' },
  { field: 'streetAddress', label: 'Street address', missing: 'Enter your street address.', invalid: 'Check your street address.', autoComplete: 'street-address', type: 'text' },
  { field: 'postalCode', label: 'Postal code', missing: 'Enter your postal code.', invalid: 'Check your postal code.', autoComplete: 'postal-code', type: 'text' },
  { field: 'city', label: 'City', missing: 'Enter your city.', invalid: 'Check your city.', autoComplete: 'address-level2', type: 'text' },
  { field: 'country', label: 'Country', missing: 'Choose your country.', invalid: 'Choose your country from the list.', autoComplete: 'country', type: 'select' },
] as const;
export type BillingField = (typeof BILLING_FIELDS)[number]['field'];

/** The countries the form offers (ISO 3166 codes, the value the order keeps). */
export const COUNTRIES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['NO', 'Norway'],
  ['SE', 'Sweden'],
  ['DK', 'Denmark'],
  ['FI', 'Finland'],
  ['IS', 'Iceland'],
  ['DE', 'Germany'],
  ['NL', 'Netherlands'],
  ['GB', 'United Kingdom'],
  ['FR', 'France'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['PL', 'Poland'],
  ['US', 'United States'],
];

/** A validation failure as the platform answers it (validateOrder). */
export interface CheckoutFailure {
  code: string;
  message: string;
  pointers?: readonly string[] | null;
}

const FAILURE_TEXT: Record<string, string> = {
  cart_empty: 'Your basket is empty.',
  payment_missing: 'Choose how you want to pay.',
  payment_method_missing: 'Choose how you want to pay.',
  payment_sum_mismatch: 'The payment does not match the order total yet. Please try again in a moment.',
  shipping_missing: 'Choose a delivery option.',
  customer_incomplete: 'Fill in your billing address.',
  basket_changed: 'Your basket has changed in the shop. Reload the page to see the latest basket.',
  basket_closed: 'This basket has already been paid for.',
  basket_not_found: 'This basket no longer exists in the shop.',
  delivery_changed: 'The delivery chosen in the shop has changed. Reload the page.',
  currency_mismatch: 'Your basket is in another currency. Reload the page.',
  validation_timeout: 'We could not check your order just now. Please try again.',
  validation_unreachable: 'We could not check your order just now. Please try again.',
};
/** Text that only a developer reads: ids, HTTP statuses, snake_case codes. */
const TECHNICAL = /[0-9a-f]{8}-[0-9a-f]{4}-|HTTP \d{3}|\b[a-z]+_[a-z_]+\b/i;
/** A message for the shopper from an error a page caught: the platform's own words unless they are a developer's. */
export const shopperMessage = (message: string) => (TECHNICAL.test(message) ? 'Something went wrong. Please try again.' : message);

export const failureText = (failure: CheckoutFailure) => FAILURE_TEXT[failure.code] ?? 'Your order cannot be placed yet. Please check your details and try again.';

/** The billing fields some pointers name (`/customer/billing/email`, or a member below one). */
export function billingFieldsAt(pointers: readonly string[]): Array<(typeof BILLING_FIELDS)[number]> {
  const fields = pointers.map((pointer) => BILLING_FIELDS.find((entry) => pointer === `/customer/billing/${entry.field}` || pointer.startsWith(`/customer/billing/${entry.field}/`)));
  return [...new Set(fields.filter((entry) => entry !== undefined))];
}

export type FieldProblems = Partial<Record<BillingField, string>>;

/**
 * The failures shown at their fields (a billing field a failure points at: "Enter your postal
 * code.") and the rest, shown above Place order in words.
 */
export function placeFailures(failures: readonly CheckoutFailure[]): { fields: FieldProblems; general: Array<{ code: string; text: string }> } {
  const fields: FieldProblems = {};
  const general: Array<{ code: string; text: string }> = [];
  for (const failure of failures) {
    const pointed = billingFieldsAt(failure.pointers ?? []);
    for (const entry of pointed) fields[entry.field] = entry.missing;
    if (pointed.length === 0 && !general.some((shown) => shown.code === failure.code || shown.text === failureText(failure))) general.push({ code: failure.code, text: failureText(failure) });
  }
  return { fields, general };
}

/**
 * Why the billing address was not saved, at its fields: the platform names the members it
 * refuses (`/customer/billing/email` for an e-mail address that is not one), each said as
 * refused ("Enter a valid e-mail address…"); a refusal that names no field is said in general.
 */
export function addressProblems(error: { pointers: readonly string[] }): { fields: FieldProblems; general?: string } {
  const fields: FieldProblems = Object.fromEntries(billingFieldsAt(error.pointers).map((entry) => [entry.field, entry.invalid]));
  return Object.keys(fields).length > 0 ? { fields } : { fields, general: 'Your address could not be saved. Please check it and try again.' };
}

const GIFT_CARD_REFUSALS: Record<string, string> = {
  gift_card_not_found: 'We found no gift card with this number. Check the number and try again.',
  gift_card_empty: 'This gift card has no balance left.',
  gift_card_code_required: 'This gift card needs its code: enter the code too.',
  gift_card_currency_mismatch: 'This gift card is in another currency than your order.',
  gift_card_already_added: 'This gift card is already used for this order.',
  gift_card_refused: 'The gift card was not accepted. Check the number and code.',
  gift_card_system_unavailable: 'Gift cards cannot be checked just now. Please try again in a moment.',
  provider_failed: 'Gift cards cannot be checked just now. Please try again in a moment.',
  order_not_in_checkout: 'This order can no longer be changed.',
};
/** A gift card the shop would not take, in words (shown at the card's field). */
export const giftCardRefusalText = (error: { code?: string; message: string }) => GIFT_CARD_REFUSALS[error.code ?? ''] ?? shopperMessage(error.message);

/** What the page says when a payment provider sent the shopper back without taking the purchase (a risk decision that rejects it). */
export const PROVIDER_REJECTED = 'The payment provider did not approve this purchase. You can try again, or choose another way to pay.';
/** What the page says when a provider sent the shopper back because the shop refused the purchase (its validation). */
export const PURCHASE_NOT_ACCEPTED = 'Your purchase could not be completed. Check your details and try again.';

/** Why Place order cannot be pressed now, in words (shown next to it); undefined when it can. */
export function placeOrderHint(state: { terms: boolean; provider?: string }): string | undefined {
  if (state.provider) return `Finish the payment in the ${state.provider} form above: Place order is for the other ways to pay.`;
  if (!state.terms) return 'Accept the terms to place the order.';
  return undefined;
}

const TO_PAY_LATER: Record<string, string> = {
  invoice: 'To pay by invoice',
  'pay-in-store': 'To pay in the store',
};
/** How a payment settled outside the platform (non-PSP: an invoice, pay in store) is still to be paid, in words. */
export const toPayLaterText = (method: string | undefined, name: string | null | undefined) => TO_PAY_LATER[method ?? ''] ?? `To pay: ${name ?? 'as agreed with the shop'}`;
