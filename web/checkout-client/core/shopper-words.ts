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

/** The billing fields the storefront asks for, with the words each is shown and asked for with. */
export const BILLING_FIELDS = [
  { field: 'givenName', label: 'First name', missing: 'Enter your first name.', autoComplete: 'given-name', type: 'text' },
  { field: 'familyName', label: 'Last name', missing: 'Enter your last name.', autoComplete: 'family-name', type: 'text' },
  { field: 'email', label: 'E-mail', missing: 'Enter your e-mail address.', autoComplete: 'email', type: 'email' },
  { field: 'phone', label: 'Phone', missing: 'Enter your phone number.', autoComplete: 'tel', type: 'tel' },
  { field: 'streetAddress', label: 'Street address', missing: 'Enter your street address.', autoComplete: 'street-address', type: 'text' },
  { field: 'postalCode', label: 'Postal code', missing: 'Enter your postal code.', autoComplete: 'postal-code', type: 'text' },
  { field: 'city', label: 'City', missing: 'Enter your city.', autoComplete: 'address-level2', type: 'text' },
  { field: 'country', label: 'Country', missing: 'Choose your country.', autoComplete: 'country', type: 'select' },
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

/**
 * The failures shown at their fields (a billing field a failure points at: "Enter your postal
 * code.") and the rest, shown above Place order in words.
 */
export function placeFailures(failures: readonly CheckoutFailure[]): { fields: Partial<Record<BillingField, string>>; general: Array<{ code: string; text: string }> } {
  const fields: Partial<Record<BillingField, string>> = {};
  const general: Array<{ code: string; text: string }> = [];
  for (const failure of failures) {
    const pointed = (failure.pointers ?? []).map((pointer) => BILLING_FIELDS.find((entry) => pointer === `/customer/billing/${entry.field}`)).filter((entry) => entry !== undefined);
    for (const entry of pointed) fields[entry.field] = entry.missing;
    if (pointed.length === 0 && !general.some((shown) => shown.code === failure.code || shown.text === failureText(failure))) general.push({ code: failure.code, text: failureText(failure) });
  }
  return { fields, general };
}
