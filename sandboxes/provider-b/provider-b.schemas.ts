/** JSON schemas of provider B sandbox requests, after Avarda Checkout 3's published fields and limits (fastify validates; 400 in Avarda's error form). */

const text = (max = 200) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
/** A field Avarda takes empty (its modules send "" for what they do not know). */
const field = (max = 200) => ({ type: ['string', 'null'], maxLength: max }) as const;
/** A line may be negative (a discount, what other payments cover). */
const lineAmount = { type: 'number', minimum: -100_000_000, maximum: 100_000_000 } as const;
const url = { type: 'string', pattern: '^https?://', maxLength: 2000 } as const;
const checkbox = { enum: ['Hidden', 'Unchecked', 'Checked'] } as const;

export const purchaseParamsSchema = { type: 'object', required: ['purchaseId'], properties: { purchaseId: text(100) } } as const;

export const tokenRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['clientId', 'clientSecret'],
  properties: { clientId: text(), clientSecret: text() },
} as const;

/**
 * An item as Avarda Checkout 3 publishes it: `amount` and `taxAmount` per unit incl. VAT, `notes`
 * the merchant's reference; description and notes at most 35 characters (Avarda's own Magento
 * module cuts both there: Gateway/Request/Item/ProductDataBuilder.php).
 */
const item = {
  type: 'object',
  additionalProperties: false,
  required: ['description', 'amount'],
  properties: {
    description: text(35),
    notes: { type: 'string', maxLength: 35 },
    amount: lineAmount,
    taxCode: { type: 'string', maxLength: 20 },
    taxAmount: lineAmount,
    quantity: { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 },
  },
} as const;
const items = { type: 'array', minItems: 1, maxItems: 500, items: item } as const;

/** A person's address as initialize payment takes it (the shop's prefill: B2cDataBuilder.php); limits are checked with Avarda's error codes. */
const personAddress = {
  type: 'object',
  additionalProperties: false,
  properties: { firstName: field(), lastName: field(), address1: field(), address2: field(), zip: field(20), city: field(), country: field(2) },
} as const;
const deliveryAddress = { ...personAddress, properties: { ...personAddress.properties, phone: field(30) } } as const;
const companyAddress = {
  type: 'object',
  additionalProperties: false,
  properties: { name: field(), address1: field(), address2: field(), zip: field(20), city: field(), country: field(2) },
} as const;
const userInputs = { type: 'object', additionalProperties: false, properties: { email: field(), phone: field(30) } } as const;

/** The languages by name (as Avarda's WooCommerce integration sends them) or by number (as its Magento module does, CheckoutSetupDataBuilder.php). */
const language = { anyOf: [{ enum: ['English', 'Swedish', 'Finnish', 'Norwegian', 'Estonian', 'Danish', 'Czech', 'Latvian', 'Lithuanian', 'Slovak', 'Polish', 'German', 'Austrian', 'Russian', 'Spanish', 'Italian'] }, { type: 'integer', minimum: 0, maximum: 15 }] } as const;

/**
 * Initialize payment (`POST /api/partner/payments`): `checkoutSetup`, the items, `extraIdentifiers`
 * and the shop's prefill of the shopper (`b2C` or `b2B`: user inputs and addresses), as Avarda's
 * own modules send them.
 */
export const createPurchaseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    checkoutSetup: {
      type: 'object',
      additionalProperties: false,
      properties: {
        mode: { enum: ['B2C', 'B2B'] },
        language,
        completedNotificationUrl: url,
        termsAndConditionsUrl: url,
        differentDeliveryAddress: checkbox,
        emailNewsletterSubscription: checkbox,
        enableB2BLink: { type: 'boolean' },
        enableCountrySelector: { type: 'boolean' },
        displayItems: { type: 'boolean' },
      },
    },
    items,
    extraIdentifiers: {
      type: 'object',
      additionalProperties: false,
      properties: { orderReference: text(20), description: text(), loyaltyNumber: text(), productGroup: text(), attachment: text(4000), referenceName: text(), posId: { type: 'integer' } },
    },
    b2C: { type: 'object', additionalProperties: false, properties: { customerToken: field(), invoicingAddress: personAddress, deliveryAddress, userInputs } },
    b2B: { type: 'object', additionalProperties: false, properties: { customerToken: field(), invoicingAddress: companyAddress, deliveryAddress, userInputs } },
  },
} as const;

export const updateItemsSchema = { type: 'object', additionalProperties: false, required: ['items'], properties: { items } } as const;

/** Order (delivery), `POST …/order`: the delivered items; `tranId` identifies the request (a repeat with the same one is not applied again). */
export const orderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items', 'orderReference'],
  properties: { items, orderReference: text(20), tranId: text(36), trackingCode: { type: 'string', maxLength: 100 }, posId: { type: ['integer', 'string'] } },
} as const;
/** Return, `POST …/return`: the returned items (credited). */
export const returnSchema = { type: 'object', additionalProperties: false, required: ['items'], properties: { items, orderReference: text(20), tranId: text(36), reason: text(500), posId: { type: ['integer', 'string'] } } } as const;
/** Cancel, `POST …/cancel`: the reason is required. */
export const cancelSchema = { type: 'object', additionalProperties: false, required: ['reason'], properties: { reason: text(500) } } as const;

const shopperAddress = {
  type: 'object',
  additionalProperties: false,
  properties: { name: field(), firstName: field(), lastName: field(), address1: field(), address2: field(), zip: field(20), city: field(), country: { type: ['string', 'null'], pattern: '^[A-Z]{2}$' } },
} as const;

/** What the sandbox's form sends (its shopper API): Avarda's field names. */
export const shopperSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    userInputs,
    invoicingAddress: shopperAddress,
    deliveryAddress: { ...shopperAddress, properties: { ...shopperAddress.properties, phone: field(30), email: field() } },
    differentDeliveryAddress: { type: 'boolean' },
    shippingOption: { type: ['string', 'null'], maxLength: 50 },
    paymentMethod: { enum: ['Card', 'Invoice', 'DirectPayment'] },
    emailNewsletterSubscription: { type: 'boolean' },
  },
} as const;

export const completeSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    outcome: { enum: ['completed', 'declined'], description: 'declined: the provider refuses the chosen method; the purchase stays open for another' },
    sendCallback: { type: 'boolean', description: 'false: the server callback is lost on the way (send it with …/callback)' },
  },
} as const;
