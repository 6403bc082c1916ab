import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { OrderRecord, PaymentRecord } from '../order.model.js';
import type { CartView, OrderAmountsView, CartLineView } from '../storefront-view.js';
import type { CartItem as CartItemModel, Shipping as ShippingModel, Hook as HookModel, Notification as NotificationModel } from '../../../contracts/order.types.js';
import type { OrderPage } from '../order-queries.usecase.js';
import type { EventRecord, DeliveryRecord, DeliveryPage, ReplayOutcome, ReceiverRecord, ReceiverPage } from '../../../contracts/notification-admin.types.js';
import type { OrderContext } from '../order.context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** Any JSON value. */
  JSON: { input: unknown; output: unknown; }
  _FieldSet: { input: any; output: any; }
};

/** An adapter, as the adapter subgraph describes it. */
export type Adapter = {
  __typename?: 'Adapter';
  id: Scalars['ID']['output'];
};

export type Address = {
  __typename?: 'Address';
  attributes?: Maybe<Scalars['JSON']['output']>;
  city?: Maybe<Scalars['String']['output']>;
  country?: Maybe<Scalars['String']['output']>;
  email?: Maybe<Scalars['String']['output']>;
  familyName?: Maybe<Scalars['String']['output']>;
  givenName?: Maybe<Scalars['String']['output']>;
  nationalIdentificationNumber?: Maybe<Scalars['String']['output']>;
  phone?: Maybe<Scalars['String']['output']>;
  postalCode?: Maybe<Scalars['String']['output']>;
  region?: Maybe<Scalars['String']['output']>;
  streetAddress?: Maybe<Scalars['String']['output']>;
  streetAddress2?: Maybe<Scalars['String']['output']>;
  type?: Maybe<Scalars['String']['output']>;
};

export type AddressInput = {
  attributes?: InputMaybe<Scalars['JSON']['input']>;
  city?: InputMaybe<Scalars['String']['input']>;
  /** ISO 3166-1 alpha-2. */
  country?: InputMaybe<Scalars['String']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  familyName?: InputMaybe<Scalars['String']['input']>;
  givenName?: InputMaybe<Scalars['String']['input']>;
  nationalIdentificationNumber?: InputMaybe<Scalars['String']['input']>;
  phone?: InputMaybe<Scalars['String']['input']>;
  postalCode?: InputMaybe<Scalars['String']['input']>;
  region?: InputMaybe<Scalars['String']['input']>;
  streetAddress?: InputMaybe<Scalars['String']['input']>;
  streetAddress2?: InputMaybe<Scalars['String']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
};

/** Amounts are decimals in major units (249.9). */
export type Amount = {
  __typename?: 'Amount';
  excludingVat: Scalars['Float']['output'];
  includingVat: Scalars['Float']['output'];
};

export type Cart = {
  __typename?: 'Cart';
  attributes?: Maybe<Scalars['JSON']['output']>;
  items: Array<CartItem>;
  /** The items, typed for display. */
  lines: Array<CartLine>;
  /** Basket id in the commerce platform. */
  reference?: Maybe<Scalars['String']['output']>;
  total: Amount;
};

export type CartItem = {
  __typename?: 'CartItem';
  /** Every field of the item as the commerce adapter mapped it. */
  data: Scalars['JSON']['output'];
  id: Scalars['ID']['output'];
};

/** A cart item, typed (from the commerce adapter's mapping of the basket line). */
export type CartLine = {
  __typename?: 'CartLine';
  id: Scalars['ID']['output'];
  imageUrl?: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  productId?: Maybe<Scalars['String']['output']>;
  productUrl?: Maybe<Scalars['String']['output']>;
  quantity: Scalars['Int']['output'];
  sku?: Maybe<Scalars['String']['output']>;
  /** The line, including VAT. */
  total: Money;
  totalExcludingVat: Money;
  /** One unit, including VAT. */
  unitPrice: Money;
  unitPriceExcludingVat: Money;
  vat: Money;
  /** VAT rate as a fraction (0.25). */
  vatRate: Scalars['Float']['output'];
};

export type Customer = {
  __typename?: 'Customer';
  billing?: Maybe<Address>;
  shipping?: Maybe<Address>;
  type?: Maybe<Scalars['String']['output']>;
};

export type Hook = {
  __typename?: 'Hook';
  adapterId: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  invoke: Scalars['String']['output'];
  subscribeTo: Scalars['String']['output'];
  target?: Maybe<Scalars['String']['output']>;
};

/** An amount in major units (249.9) with its ISO 4217 currency. */
export type Money = {
  __typename?: 'Money';
  amount: Scalars['Float']['output'];
  currency: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Moves a completed order to delivered (admin and service tokens; FORBIDDEN otherwise); the capture callback of every payment that registered one is then called through the outbox. */
  deliverOrder: Order;
  /** Puts failed or dead-lettered notification deliveries back in the queue with fresh attempts (admin and service tokens), as POST /api/v1/deliveries/replay with ids does. */
  replayNotificationDeliveries: NotificationReplay;
  /** Resumes a paused notification receiver (admin and service tokens), as POST /api/v1/receivers/{id}/resume does: its failures start over and every delivery it holds is attempted at once. Unknown: RECEIVER_NOT_FOUND; not paused: RECEIVER_NOT_PAUSED (409). */
  resumeNotificationReceiver: NotificationReceiverResume;
  /** Sets the billing address; the order's /customer hooks run first and may refuse it (HOOK_VETOED). */
  setBillingAddress: Order;
  /** Replaces the shopper's consents (any JSON, e.g. {"terms": true, "newsletter": false}); /consents hooks run first. Checkout only. */
  setConsents: Order;
  /** Sets the shipping address of the customer; /customer hooks run first. */
  setShippingAddress: Order;
  /** Runs the order's validation: built-in rules, then every validation callback in parallel (the commerce adapter's reports missing customer data and a changed basket), so everything that would stop completion is told here. Commits nothing. */
  validateOrder: ValidationResult;
};


export type MutationDeliverOrderArgs = {
  orderId: Scalars['ID']['input'];
};


export type MutationReplayNotificationDeliveriesArgs = {
  ids: Array<Scalars['ID']['input']>;
};


export type MutationResumeNotificationReceiverArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSetBillingAddressArgs = {
  address: AddressInput;
  orderId: Scalars['ID']['input'];
};


export type MutationSetConsentsArgs = {
  consents: Scalars['JSON']['input'];
  orderId: Scalars['ID']['input'];
};


export type MutationSetShippingAddressArgs = {
  address: AddressInput;
  orderId: Scalars['ID']['input'];
};


export type MutationValidateOrderArgs = {
  orderId: Scalars['ID']['input'];
};

export type Notification = {
  __typename?: 'Notification';
  adapterId?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  invoke: Scalars['String']['output'];
  reference?: Maybe<Scalars['String']['output']>;
  schema: Scalars['JSON']['output'];
  scope: Scalars['String']['output'];
};

/** A notification delivery (an outbox job) that failed or was dead-lettered. */
export type NotificationDelivery = {
  __typename?: 'NotificationDelivery';
  attempts: Scalars['Int']['output'];
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  invoke: Scalars['String']['output'];
  kind: Scalars['String']['output'];
  lastError?: Maybe<Scalars['String']['output']>;
  /** When a failed delivery is tried next; null when dead or held by a paused receiver. */
  nextAttemptAt?: Maybe<Scalars['String']['output']>;
  notificationId: Scalars['String']['output'];
  orderId: Scalars['ID']['output'];
  orderVersion: Scalars['Int']['output'];
  /** active or paused. */
  receiverStatus: Scalars['String']['output'];
  receiverUrl: Scalars['String']['output'];
  status: NotificationDeliveryStatus;
  updatedAt: Scalars['String']['output'];
};

export type NotificationDeliveryConnection = {
  __typename?: 'NotificationDeliveryConnection';
  nodes: Array<NotificationDelivery>;
  pageInfo: PageInfo;
};

export type NotificationDeliveryStatus =
  /** Dead-lettered: every attempt failed. */
  | 'dead'
  /** Still queued after at least one failed attempt (retrying, or held by a paused receiver). */
  | 'failed';

/** A notification receiver (one invoke URL of the channel) and its health (docs/events.md, "Receivers"). */
export type NotificationReceiver = {
  __typename?: 'NotificationReceiver';
  /** Failed deliveries in a row. */
  consecutiveFailures: Scalars['Int']['output'];
  failingSince?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** The last delivery failure's error (status or network error). */
  lastError?: Maybe<Scalars['String']['output']>;
  lastFailureAt?: Maybe<Scalars['String']['output']>;
  lastSuccessAt?: Maybe<Scalars['String']['output']>;
  pausedAt?: Maybe<Scalars['String']['output']>;
  /** Its deliveries still waiting to be delivered. */
  queued: Scalars['Int']['output'];
  resumedAt?: Maybe<Scalars['String']['output']>;
  /** Who resumed it last (the token's subject). */
  resumedBy?: Maybe<Scalars['String']['output']>;
  status: NotificationReceiverStatus;
  url: Scalars['String']['output'];
};

export type NotificationReceiverConnection = {
  __typename?: 'NotificationReceiverConnection';
  nodes: Array<NotificationReceiver>;
  pageInfo: PageInfo;
};

/** What resumeNotificationReceiver did. */
export type NotificationReceiverResume = {
  __typename?: 'NotificationReceiverResume';
  receiver: NotificationReceiver;
  /** How many held deliveries were put back in the queue. */
  requeued: Scalars['Int']['output'];
};

/** A receiver's state: active receives; paused holds its deliveries after failing again and again, until an operator resumes it. */
export type NotificationReceiverStatus =
  | 'active'
  | 'paused';

/** What replayNotificationDeliveries did, by delivery id. */
export type NotificationReplay = {
  __typename?: 'NotificationReplay';
  /** Of those, the ones whose receiver is paused: they wait for its resume. */
  held: Array<Scalars['ID']['output']>;
  /** Ids that are not a failed or dead delivery of this channel (or are being delivered right now). */
  notReplayed: Array<Scalars['ID']['output']>;
  /** Put back in the queue with fresh attempts. */
  requeued: Array<Scalars['ID']['output']>;
};

/** A checkout order: the aggregate every adapter reads and changes through the order engine. */
export type Order = {
  __typename?: 'Order';
  /** The order's money for a storefront: total, VAT, what the active payments cover and what is still due, each with the currency. */
  amounts: OrderAmounts;
  /** Why the order needs an operator, derived from it on every read; null when it needs none. Past checkout, an order whose every payment (failed and removed ones aside) is cancelled or refunded needs attention (payments_voided); once accepted, an order whose held and pending payments no longer cover its total (a refund, a declined pending payment) needs attention too (payment_due). Either way it cannot be delivered (deliverOrder: ORDER_NEEDS_ATTENTION). */
  attention?: Maybe<OrderAttention>;
  cart: Cart;
  channel: Scalars['String']['output'];
  consents?: Maybe<Scalars['JSON']['output']>;
  country?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
  culture?: Maybe<Scalars['String']['output']>;
  currency: Scalars['String']['output'];
  customer: Customer;
  /** The order's event log in commit order: committed changes, vetoes, payment callbacks, notification deliveries (admin and service tokens; FORBIDDEN otherwise). */
  events: Array<OrderEvent>;
  hooks: Array<Hook>;
  id: Scalars['ID']['output'];
  merchant: Scalars['String']['output'];
  notifications: Array<Notification>;
  payments: Array<Payment>;
  /** External order id, set after export by the commerce adapter. */
  reference?: Maybe<Scalars['String']['output']>;
  shippings: Array<Shipping>;
  state: OrderState;
  /** The current status (state.currentStatus). */
  status: OrderStatus;
  total: Amount;
  updatedAt: Scalars['String']['output'];
  validations: Array<Validation>;
  /** Optimistic-concurrency version; grows by one with every committed change. */
  version: Scalars['Int']['output'];
};

/** The order's money, each amount in the order's currency. */
export type OrderAmounts = {
  __typename?: 'OrderAmounts';
  /** What the active payments (not removed, cancelled or refunded) cover: their shares of the total, paid or not. */
  covered: Money;
  currency: Scalars['String']['output'];
  /** What the shopper still has to pay: total - paid, never below 0. */
  due: Money;
  /** The cart's items, including VAT. */
  items: Money;
  /** What of it is paid: gift cards, and payments reserved (authorized) or captured. A payment only started at a provider (intent, processing) is not. */
  paid: Money;
  /** Every shipping, including VAT. */
  shipping: Money;
  total: Money;
  totalExcludingVat: Money;
  /** VAT in the total (total - totalExcludingVat). */
  vat: Money;
};

/** Why an order needs an operator (docs/order-engine.md, "Orders needing attention"). */
export type OrderAttention = {
  __typename?: 'OrderAttention';
  /** payments_voided: every payment was cancelled or refunded; nothing is paid for the order. payment_due: accepted or later, and part of the total is no longer paid for. */
  code: Scalars['String']['output'];
  /** What an operator reads. */
  message: Scalars['String']['output'];
  /** The payments concerned. */
  paymentIds: Array<Scalars['ID']['output']>;
};

export type OrderConnection = {
  __typename?: 'OrderConnection';
  edges: Array<OrderEdge>;
  pageInfo: PageInfo;
};

export type OrderEdge = {
  __typename?: 'OrderEdge';
  cursor: Scalars['String']['output'];
  node: Order;
};

/** One entry of an order's event log (docs/events.md). */
export type OrderEvent = {
  __typename?: 'OrderEvent';
  actor?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
  data?: Maybe<Scalars['JSON']['output']>;
  id: Scalars['ID']['output'];
  /** e.g. order.created, order.changed, notification.delivered, notification.dead_lettered. */
  type: Scalars['String']['output'];
  /** The order version the event belongs to. */
  version?: Maybe<Scalars['Int']['output']>;
};

/** How the orders list is ordered; ties by id. */
export type OrderSort =
  | 'CREATED_ASC'
  | 'CREATED_DESC'
  | 'TOTAL_ASC'
  | 'TOTAL_DESC';

export type OrderState = {
  __typename?: 'OrderState';
  currentStatus: OrderStatus;
  transitions: Array<StateTransition>;
};

export type OrderStatus =
  | 'accepted'
  | 'checkout'
  | 'completed'
  | 'delivered'
  | 'processing';

export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

/** A payment of an order; its fields live in the order document, its transaction log in the payment subgraph. */
export type Payment = {
  __typename?: 'Payment';
  actions: Array<PaymentAction>;
  /** The adapter that handles the payment (kind, availability, configuration in the channel). */
  adapter: Adapter;
  adapterId: Scalars['String']['output'];
  amount: Scalars['Float']['output'];
  attributes?: Maybe<Scalars['JSON']['output']>;
  callbacks?: Maybe<Scalars['JSON']['output']>;
  channel: Scalars['String']['output'];
  currency?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  merchant: Scalars['String']['output'];
  name?: Maybe<Scalars['String']['output']>;
  orderId: Scalars['ID']['output'];
  recurring?: Maybe<Scalars['JSON']['output']>;
  reference?: Maybe<Scalars['String']['output']>;
  /** What was refunded through refundPayment so far (0 when nothing was). */
  refundedAmount: Scalars['Float']['output'];
  state: Scalars['String']['output'];
  type?: Maybe<Scalars['String']['output']>;
  upperLimitAmount?: Maybe<Scalars['Float']['output']>;
};

export type PaymentAction = {
  __typename?: 'PaymentAction';
  adapterId?: Maybe<Scalars['String']['output']>;
  type: Scalars['String']['output'];
  url: Scalars['String']['output'];
};

export type Query = {
  __typename?: 'Query';
  /** Failed and dead-lettered notification deliveries across the orders of the caller's channel, newest first (admin and service tokens); what the notification service's GET /api/v1/deliveries answers. */
  notificationDeliveries: NotificationDeliveryConnection;
  /** Notification receivers of the caller's channel with their health, by URL (admin and service tokens); what the notification service's GET /api/v1/receivers answers. `status: paused` lists the paused ones. */
  notificationReceivers: NotificationReceiverConnection;
  /** An order of the caller's merchant and channel; null when there is none, including another tenant's order. With `version`, the order as it was at that committed version. */
  order?: Maybe<Order>;
  /**
   * Orders of the caller's channel (admin and service tokens), newest first unless `sort` says otherwise.
   * `search` keeps the orders whose id, reference, billing or shipping name, e-mail or phone contains it
   * (case-insensitive; a phone is also found by its digits alone). Every filter narrows the list; bad
   * filter input is a BAD_REQUEST `invalid_filter` naming the field. `after` is a cursor of the same sort.
   */
  orders: OrderConnection;
};


export type QueryNotificationDeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orderId?: InputMaybe<Scalars['ID']['input']>;
  status?: InputMaybe<NotificationDeliveryStatus>;
};


export type QueryNotificationReceiversArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<NotificationReceiverStatus>;
};


export type QueryOrderArgs = {
  id: Scalars['ID']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryOrdersArgs = {
  adapterId?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  createdBefore?: InputMaybe<Scalars['String']['input']>;
  createdFrom?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  maxTotal?: InputMaybe<Scalars['Float']['input']>;
  minTotal?: InputMaybe<Scalars['Float']['input']>;
  paymentState?: InputMaybe<Scalars['String']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<OrderSort>;
  status?: InputMaybe<OrderStatus>;
};

export type Shipping = {
  __typename?: 'Shipping';
  adapterId?: Maybe<Scalars['String']['output']>;
  addons?: Maybe<Scalars['JSON']['output']>;
  attributes?: Maybe<Scalars['JSON']['output']>;
  channel?: Maybe<Scalars['String']['output']>;
  deliveryDetails?: Maybe<Scalars['JSON']['output']>;
  id: Scalars['ID']['output'];
  merchant?: Maybe<Scalars['String']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  /** The order the shipping belongs to. */
  orderId?: Maybe<Scalars['ID']['output']>;
  reference?: Maybe<Scalars['String']['output']>;
  state?: Maybe<Scalars['String']['output']>;
  tmsReference?: Maybe<Scalars['String']['output']>;
  total?: Maybe<Amount>;
  /** VAT rate as a fraction (0.25). */
  vatRate?: Maybe<Scalars['Float']['output']>;
};

export type StateTransition = {
  __typename?: 'StateTransition';
  status: OrderStatus;
  /** ISO 8601 UTC timestamp. */
  timeStamp: Scalars['String']['output'];
};

export type Subscription = {
  __typename?: 'Subscription';
  /** Emits the order now and after every committed change, each as of its version, with any federated selection. Served by the gateway over graphql-ws (ws://…/graphql); not over HTTP. */
  orderChanged: Order;
};


export type SubscriptionOrderChangedArgs = {
  id: Scalars['ID']['input'];
};

export type Validation = {
  __typename?: 'Validation';
  adapterId: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  url: Scalars['String']['output'];
};

export type ValidationFailure = {
  __typename?: 'ValidationFailure';
  adapterId?: Maybe<Scalars['String']['output']>;
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
  /** The order's members the failure is about, as JSON pointers (/customer/billing/postalCode), when the validator names them: a storefront shows the message at those fields. */
  pointers?: Maybe<Array<Scalars['String']['output']>>;
  validationId?: Maybe<Scalars['String']['output']>;
};

export type ValidationResult = {
  __typename?: 'ValidationResult';
  /** Every failure: the built-in rules' (no adapterId) and each failing validation callback's. */
  failures: Array<ValidationFailure>;
  valid: Scalars['Boolean']['output'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ReferenceResolver<TResult, TReference, TContext> = (
      reference: TReference,
      context: TContext,
      info: GraphQLResolveInfo
    ) => Promise<TResult> | TResult;

      type ScalarCheck<T, S> = S extends true ? T : NullableCheck<T, S>;
      type NullableCheck<T, S> = Maybe<T> extends T ? Maybe<ListCheck<NonNullable<T>, S>> : ListCheck<T, S>;
      type ListCheck<T, S> = T extends (infer U)[] ? NullableCheck<U, S>[] : GraphQLRecursivePick<T, S>;
      export type GraphQLRecursivePick<T, S> = { [K in keyof T & keyof S]: ScalarCheck<T[K], S[K]> };
    

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

/** Mapping of federation types */
export type FederationTypes = {
  Order: Order;
  Payment: Payment;
};

/** Mapping of federation reference types */
export type FederationReferenceTypes = {
  Order:
    ( { __typename: 'Order' }
    & GraphQLRecursivePick<FederationTypes['Order'], {"id":true}> );
  Payment:
    ( { __typename: 'Payment' }
    & GraphQLRecursivePick<FederationTypes['Payment'], {"orderId":true,"id":true}> );
};



/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Adapter: ResolverTypeWrapper<Adapter>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Address: ResolverTypeWrapper<Address>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  AddressInput: AddressInput;
  Amount: ResolverTypeWrapper<Amount>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  Cart: ResolverTypeWrapper<CartView>;
  CartItem: ResolverTypeWrapper<CartItemModel>;
  CartLine: ResolverTypeWrapper<CartLineView>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  Customer: ResolverTypeWrapper<Customer>;
  Hook: ResolverTypeWrapper<HookModel>;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  Money: ResolverTypeWrapper<Money>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Notification: ResolverTypeWrapper<NotificationModel>;
  NotificationDelivery: ResolverTypeWrapper<DeliveryRecord>;
  NotificationDeliveryConnection: ResolverTypeWrapper<DeliveryPage>;
  NotificationDeliveryStatus: NotificationDeliveryStatus;
  NotificationReceiver: ResolverTypeWrapper<ReceiverRecord>;
  NotificationReceiverConnection: ResolverTypeWrapper<ReceiverPage>;
  NotificationReceiverResume: ResolverTypeWrapper<Omit<NotificationReceiverResume, 'receiver'> & { receiver: ResolversTypes['NotificationReceiver'] }>;
  NotificationReceiverStatus: NotificationReceiverStatus;
  NotificationReplay: ResolverTypeWrapper<ReplayOutcome>;
  Order: ResolverTypeWrapper<OrderRecord>;
  OrderAmounts: ResolverTypeWrapper<OrderAmountsView>;
  OrderAttention: ResolverTypeWrapper<OrderAttention>;
  OrderConnection: ResolverTypeWrapper<OrderPage>;
  OrderEdge: ResolverTypeWrapper<Omit<OrderEdge, 'node'> & { node: ResolversTypes['Order'] }>;
  OrderEvent: ResolverTypeWrapper<EventRecord>;
  OrderSort: OrderSort;
  OrderState: ResolverTypeWrapper<OrderState>;
  OrderStatus: OrderStatus;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Payment: ResolverTypeWrapper<PaymentRecord>;
  PaymentAction: ResolverTypeWrapper<PaymentAction>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Shipping: ResolverTypeWrapper<ShippingModel>;
  StateTransition: ResolverTypeWrapper<StateTransition>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Validation: ResolverTypeWrapper<Validation>;
  ValidationFailure: ResolverTypeWrapper<ValidationFailure>;
  ValidationResult: ResolverTypeWrapper<ValidationResult>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Adapter: Adapter;
  ID: Scalars['ID']['output'];
  Address: Address;
  String: Scalars['String']['output'];
  AddressInput: AddressInput;
  Amount: Amount;
  Float: Scalars['Float']['output'];
  Cart: CartView;
  CartItem: CartItemModel;
  CartLine: CartLineView;
  Int: Scalars['Int']['output'];
  Customer: Customer;
  Hook: HookModel;
  JSON: Scalars['JSON']['output'];
  Money: Money;
  Mutation: Record<PropertyKey, never>;
  Notification: NotificationModel;
  NotificationDelivery: DeliveryRecord;
  NotificationDeliveryConnection: DeliveryPage;
  NotificationReceiver: ReceiverRecord;
  NotificationReceiverConnection: ReceiverPage;
  NotificationReceiverResume: Omit<NotificationReceiverResume, 'receiver'> & { receiver: ResolversParentTypes['NotificationReceiver'] };
  NotificationReplay: ReplayOutcome;
  Order: OrderRecord;
  OrderAmounts: OrderAmountsView;
  OrderAttention: OrderAttention;
  OrderConnection: OrderPage;
  OrderEdge: Omit<OrderEdge, 'node'> & { node: ResolversParentTypes['Order'] };
  OrderEvent: EventRecord;
  OrderState: OrderState;
  PageInfo: PageInfo;
  Boolean: Scalars['Boolean']['output'];
  Payment: PaymentRecord;
  PaymentAction: PaymentAction;
  Query: Record<PropertyKey, never>;
  Shipping: ShippingModel;
  StateTransition: StateTransition;
  Subscription: Record<PropertyKey, never>;
  Validation: Validation;
  ValidationFailure: ValidationFailure;
  ValidationResult: ValidationResult;
};

export type AdapterResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Adapter'] = ResolversParentTypes['Adapter']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type AddressResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Address'] = ResolversParentTypes['Address']> = {
  attributes?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  city?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  country?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  familyName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  givenName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  nationalIdentificationNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  postalCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  region?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  streetAddress?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  streetAddress2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AmountResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Amount'] = ResolversParentTypes['Amount']> = {
  excludingVat?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  includingVat?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type CartResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Cart'] = ResolversParentTypes['Cart']> = {
  attributes?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['CartItem']>, ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['CartLine']>, ParentType, ContextType>;
  reference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Amount'], ParentType, ContextType>;
};

export type CartItemResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['CartItem'] = ResolversParentTypes['CartItem']> = {
  data?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type CartLineResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['CartLine'] = ResolversParentTypes['CartLine']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  imageUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  productId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  productUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  sku?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  totalExcludingVat?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  unitPrice?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  unitPriceExcludingVat?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  vat?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  vatRate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type CustomerResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Customer'] = ResolversParentTypes['Customer']> = {
  billing?: Resolver<Maybe<ResolversTypes['Address']>, ParentType, ContextType>;
  shipping?: Resolver<Maybe<ResolversTypes['Address']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type HookResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Hook'] = ResolversParentTypes['Hook']> = {
  adapterId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  invoke?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subscribeTo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  target?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type MoneyResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Money'] = ResolversParentTypes['Money']> = {
  amount?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MutationResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  deliverOrder?: Resolver<ResolversTypes['Order'], ParentType, ContextType, RequireFields<MutationDeliverOrderArgs, 'orderId'>>;
  replayNotificationDeliveries?: Resolver<ResolversTypes['NotificationReplay'], ParentType, ContextType, RequireFields<MutationReplayNotificationDeliveriesArgs, 'ids'>>;
  resumeNotificationReceiver?: Resolver<ResolversTypes['NotificationReceiverResume'], ParentType, ContextType, RequireFields<MutationResumeNotificationReceiverArgs, 'id'>>;
  setBillingAddress?: Resolver<ResolversTypes['Order'], ParentType, ContextType, RequireFields<MutationSetBillingAddressArgs, 'address' | 'orderId'>>;
  setConsents?: Resolver<ResolversTypes['Order'], ParentType, ContextType, RequireFields<MutationSetConsentsArgs, 'consents' | 'orderId'>>;
  setShippingAddress?: Resolver<ResolversTypes['Order'], ParentType, ContextType, RequireFields<MutationSetShippingAddressArgs, 'address' | 'orderId'>>;
  validateOrder?: Resolver<ResolversTypes['ValidationResult'], ParentType, ContextType, RequireFields<MutationValidateOrderArgs, 'orderId'>>;
};

export type NotificationResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Notification'] = ResolversParentTypes['Notification']> = {
  adapterId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  invoke?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  schema?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  scope?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type NotificationDeliveryResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['NotificationDelivery'] = ResolversParentTypes['NotificationDelivery']> = {
  attempts?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  invoke?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  nextAttemptAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  notificationId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  orderId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  orderVersion?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  receiverStatus?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  receiverUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['NotificationDeliveryStatus'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type NotificationDeliveryConnectionResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['NotificationDeliveryConnection'] = ResolversParentTypes['NotificationDeliveryConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['NotificationDelivery']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type NotificationReceiverResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['NotificationReceiver'] = ResolversParentTypes['NotificationReceiver']> = {
  consecutiveFailures?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  failingSince?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastFailureAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastSuccessAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pausedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  queued?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  resumedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  resumedBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['NotificationReceiverStatus'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type NotificationReceiverConnectionResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['NotificationReceiverConnection'] = ResolversParentTypes['NotificationReceiverConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['NotificationReceiver']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type NotificationReceiverResumeResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['NotificationReceiverResume'] = ResolversParentTypes['NotificationReceiverResume']> = {
  receiver?: Resolver<ResolversTypes['NotificationReceiver'], ParentType, ContextType>;
  requeued?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type NotificationReplayResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['NotificationReplay'] = ResolversParentTypes['NotificationReplay']> = {
  held?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  notReplayed?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  requeued?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type OrderResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Order'] = ResolversParentTypes['Order'], FederationReferenceType extends FederationReferenceTypes['Order'] = FederationReferenceTypes['Order']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Order']> | FederationReferenceType, FederationReferenceType, ContextType>;
  amounts?: Resolver<ResolversTypes['OrderAmounts'], ParentType, ContextType>;
  attention?: Resolver<Maybe<ResolversTypes['OrderAttention']>, ParentType, ContextType>;
  cart?: Resolver<ResolversTypes['Cart'], ParentType, ContextType>;
  channel?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  consents?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  country?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  culture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  customer?: Resolver<ResolversTypes['Customer'], ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['OrderEvent']>, ParentType, ContextType>;
  hooks?: Resolver<Array<ResolversTypes['Hook']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  merchant?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  notifications?: Resolver<Array<ResolversTypes['Notification']>, ParentType, ContextType>;
  payments?: Resolver<Array<ResolversTypes['Payment']>, ParentType, ContextType>;
  reference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippings?: Resolver<Array<ResolversTypes['Shipping']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['OrderState'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['OrderStatus'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Amount'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  validations?: Resolver<Array<ResolversTypes['Validation']>, ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type OrderAmountsResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['OrderAmounts'] = ResolversParentTypes['OrderAmounts']> = {
  covered?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  due?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  items?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  paid?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  shipping?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  totalExcludingVat?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  vat?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
};

export type OrderAttentionResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['OrderAttention'] = ResolversParentTypes['OrderAttention']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  paymentIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type OrderConnectionResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['OrderConnection'] = ResolversParentTypes['OrderConnection']> = {
  edges?: Resolver<Array<ResolversTypes['OrderEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type OrderEdgeResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['OrderEdge'] = ResolversParentTypes['OrderEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Order'], ParentType, ContextType>;
};

export type OrderEventResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['OrderEvent'] = ResolversParentTypes['OrderEvent']> = {
  actor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  data?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type OrderStateResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['OrderState'] = ResolversParentTypes['OrderState']> = {
  currentStatus?: Resolver<ResolversTypes['OrderStatus'], ParentType, ContextType>;
  transitions?: Resolver<Array<ResolversTypes['StateTransition']>, ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type PaymentResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Payment'] = ResolversParentTypes['Payment'], FederationReferenceType extends FederationReferenceTypes['Payment'] = FederationReferenceTypes['Payment']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Payment']> | FederationReferenceType, FederationReferenceType, ContextType>;
  actions?: Resolver<Array<ResolversTypes['PaymentAction']>, ParentType, ContextType>;
  adapter?: Resolver<ResolversTypes['Adapter'], ParentType, ContextType>;
  adapterId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  attributes?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  callbacks?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  channel?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  merchant?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  orderId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  recurring?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  reference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  refundedAmount?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  upperLimitAmount?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
};

export type PaymentActionResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['PaymentAction'] = ResolversParentTypes['PaymentAction']> = {
  adapterId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  notificationDeliveries?: Resolver<ResolversTypes['NotificationDeliveryConnection'], ParentType, ContextType, RequireFields<QueryNotificationDeliveriesArgs, 'first'>>;
  notificationReceivers?: Resolver<ResolversTypes['NotificationReceiverConnection'], ParentType, ContextType, RequireFields<QueryNotificationReceiversArgs, 'first'>>;
  order?: Resolver<Maybe<ResolversTypes['Order']>, ParentType, ContextType, RequireFields<QueryOrderArgs, 'id'>>;
  orders?: Resolver<ResolversTypes['OrderConnection'], ParentType, ContextType, RequireFields<QueryOrdersArgs, 'first' | 'sort'>>;
};

export type ShippingResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Shipping'] = ResolversParentTypes['Shipping']> = {
  adapterId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  addons?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  attributes?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  channel?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  deliveryDetails?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  merchant?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  orderId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  reference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  state?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  tmsReference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  total?: Resolver<Maybe<ResolversTypes['Amount']>, ParentType, ContextType>;
  vatRate?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
};

export type StateTransitionResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['StateTransition'] = ResolversParentTypes['StateTransition']> = {
  status?: Resolver<ResolversTypes['OrderStatus'], ParentType, ContextType>;
  timeStamp?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  orderChanged?: SubscriptionResolver<ResolversTypes['Order'], "orderChanged", ParentType, ContextType, RequireFields<SubscriptionOrderChangedArgs, 'id'>>;
};

export type ValidationResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['Validation'] = ResolversParentTypes['Validation']> = {
  adapterId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ValidationFailureResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['ValidationFailure'] = ResolversParentTypes['ValidationFailure']> = {
  adapterId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  pointers?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  validationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ValidationResultResolvers<ContextType = OrderContext, ParentType extends ResolversParentTypes['ValidationResult'] = ResolversParentTypes['ValidationResult']> = {
  failures?: Resolver<Array<ResolversTypes['ValidationFailure']>, ParentType, ContextType>;
  valid?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type Resolvers<ContextType = OrderContext> = {
  Adapter?: AdapterResolvers<ContextType>;
  Address?: AddressResolvers<ContextType>;
  Amount?: AmountResolvers<ContextType>;
  Cart?: CartResolvers<ContextType>;
  CartItem?: CartItemResolvers<ContextType>;
  CartLine?: CartLineResolvers<ContextType>;
  Customer?: CustomerResolvers<ContextType>;
  Hook?: HookResolvers<ContextType>;
  JSON?: GraphQLScalarType;
  Money?: MoneyResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Notification?: NotificationResolvers<ContextType>;
  NotificationDelivery?: NotificationDeliveryResolvers<ContextType>;
  NotificationDeliveryConnection?: NotificationDeliveryConnectionResolvers<ContextType>;
  NotificationReceiver?: NotificationReceiverResolvers<ContextType>;
  NotificationReceiverConnection?: NotificationReceiverConnectionResolvers<ContextType>;
  NotificationReceiverResume?: NotificationReceiverResumeResolvers<ContextType>;
  NotificationReplay?: NotificationReplayResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  OrderAmounts?: OrderAmountsResolvers<ContextType>;
  OrderAttention?: OrderAttentionResolvers<ContextType>;
  OrderConnection?: OrderConnectionResolvers<ContextType>;
  OrderEdge?: OrderEdgeResolvers<ContextType>;
  OrderEvent?: OrderEventResolvers<ContextType>;
  OrderState?: OrderStateResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Payment?: PaymentResolvers<ContextType>;
  PaymentAction?: PaymentActionResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Shipping?: ShippingResolvers<ContextType>;
  StateTransition?: StateTransitionResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  Validation?: ValidationResolvers<ContextType>;
  ValidationFailure?: ValidationFailureResolvers<ContextType>;
  ValidationResult?: ValidationResultResolvers<ContextType>;
};

