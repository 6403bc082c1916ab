import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { AdapterDescriptor } from '../adapter.registry.js';
import type { PaymentSessionModel, CreatedCheckoutModel } from '../adapter-actions.usecase.js';
import type { PaymentOptionModel, ShippingOptionsModel } from '../storefront-options.usecase.js';
import type { AdapterContext } from '../adapter.context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
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

/** A web service through which an external system takes part in orders. */
export type Adapter = {
  __typename?: 'Adapter';
  /** Whether this platform runs the adapter (the others are known but not available here yet). */
  available: Scalars['Boolean']['output'];
  /** The JSON Schema (2020-12) of its configuration, for forms in an admin UI. */
  configurationSchema?: Maybe<Scalars['JSON']['output']>;
  /** Whether the adapter has an active configuration in the caller's channel. */
  configured: Scalars['Boolean']['output'];
  /** Unique id of the form psp_api_adapter. */
  id: Scalars['ID']['output'];
  kind: AdapterKind;
  name: Scalars['String']['output'];
};

export type AdapterKind =
  | 'commerce'
  | 'giftcard'
  | 'payment';

/** A bearer token (role shopper) that reads, changes and subscribes to one order only. */
export type CheckoutToken = {
  __typename?: 'CheckoutToken';
  /** ISO 8601; renew before then with renewCheckoutToken. */
  expiresAt: Scalars['String']['output'];
  /** Seconds from issue to expiry. */
  expiresIn: Scalars['Int']['output'];
  orderId: Scalars['ID']['output'];
  /** Send as Authorization: Bearer <token>, with the order's X-Merchant and X-Channel. */
  token: Scalars['String']['output'];
};

export type CreateOrderFromBasketInput = {
  /** Basket id in the commerce platform. */
  cartReference: Scalars['String']['input'];
  /** IETF language tag, e.g. nb-NO. */
  culture: Scalars['String']['input'];
  /** ISO 4217. */
  currency: Scalars['String']['input'];
};

/** A new order and the checkout token a browser holds for it. */
export type CreatedCheckout = {
  __typename?: 'CreatedCheckout';
  checkoutToken: CheckoutToken;
  order: Order;
};

export type DeliveryMode =
  /** The shipping chosen in the commerce platform is the order's. */
  | 'FULL_CONTROL'
  /** The checkout chooses the shipping; the commerce platform gets it as its external delivery. */
  | 'MANAGED';

/** An amount in major units (249.9) with its ISO 4217 currency. */
export type Money = {
  __typename?: 'Money';
  amount: Scalars['Float']['output'];
  currency: Scalars['String']['output'];
};

/**
 * Storefront actions that drive the adapters: each calls an adapter's REST endpoint as the caller
 * (same token and tenant) and answers the order or payment as the order subgraph knows it.
 * Failures keep the adapter's code in `extensions.code` (e.g. HOOK_VETOED, CONFIGURATION_MISSING,
 * PROVIDER_FAILED) and its details.
 */
export type Mutation = {
  __typename?: 'Mutation';
  /** Adds a gift card as a part payment covering what remains of the total, up to its balance. */
  addGiftCard: Payment;
  /** Completes a payment that needs no provider interaction (non-PSP): processing → accepted → completed. */
  completePayment: Order;
  /**
   * Creates an order from a basket, like createOrderFromBasket, and answers with it a checkout token
   * for that order: what a browser holds (role shopper, docs/auth.md). Servers only (storefront, admin).
   */
  createCheckout: CreatedCheckout;
  /** Creates an order from a basket of the commerce platform (commerce adapter). */
  createOrderFromBasket: Order;
  /** Re-reads basket and buyer from the commerce platform. */
  refreshOrder: Order;
  /** Removes a payment from the checkout: it stays visible as removed (a gift card's reservation is released; a delivery chosen in a provider's checkout gives way to the shop's choice). */
  removePayment: Order;
  /**
   * With a checkout token: a fresh one for its order (renewal, while the token is valid). With a
   * server's token: a checkout token for that order of its channel. Refused once the order is delivered.
   */
  renewCheckoutToken: CheckoutToken;
  /** Chooses one of shippingOptions (SHIPPING_OPTION_UNKNOWN otherwise); answers the order with its new shipping and total. */
  selectShippingOption: Order;
  /**
   * Starts a payment with an adapter and answers what its frontend needs. When the order already
   * has an open payment of this adapter (a reload, a second tab, the shopper back from another way to
   * pay) that payment is resumed: its session is read again at the adapter and answered the same way
   * (a paymentMethod other than its own replaces it). Starting it supersedes the other adapters' open
   * payments that were never authorised and have no limit (they are removed), so it covers what is due.
   */
  startPayment: PaymentSession;
  /** Changes an item's quantity in the commerce platform and in the order. */
  updateCartItem: Order;
};


/**
 * Storefront actions that drive the adapters: each calls an adapter's REST endpoint as the caller
 * (same token and tenant) and answers the order or payment as the order subgraph knows it.
 * Failures keep the adapter's code in `extensions.code` (e.g. HOOK_VETOED, CONFIGURATION_MISSING,
 * PROVIDER_FAILED) and its details.
 */
export type MutationAddGiftCardArgs = {
  cardId: Scalars['String']['input'];
  code?: InputMaybe<Scalars['String']['input']>;
  orderId: Scalars['ID']['input'];
};


/**
 * Storefront actions that drive the adapters: each calls an adapter's REST endpoint as the caller
 * (same token and tenant) and answers the order or payment as the order subgraph knows it.
 * Failures keep the adapter's code in `extensions.code` (e.g. HOOK_VETOED, CONFIGURATION_MISSING,
 * PROVIDER_FAILED) and its details.
 */
export type MutationCompletePaymentArgs = {
  orderId: Scalars['ID']['input'];
  paymentId: Scalars['ID']['input'];
};


/**
 * Storefront actions that drive the adapters: each calls an adapter's REST endpoint as the caller
 * (same token and tenant) and answers the order or payment as the order subgraph knows it.
 * Failures keep the adapter's code in `extensions.code` (e.g. HOOK_VETOED, CONFIGURATION_MISSING,
 * PROVIDER_FAILED) and its details.
 */
export type MutationCreateCheckoutArgs = {
  input: CreateOrderFromBasketInput;
};


/**
 * Storefront actions that drive the adapters: each calls an adapter's REST endpoint as the caller
 * (same token and tenant) and answers the order or payment as the order subgraph knows it.
 * Failures keep the adapter's code in `extensions.code` (e.g. HOOK_VETOED, CONFIGURATION_MISSING,
 * PROVIDER_FAILED) and its details.
 */
export type MutationCreateOrderFromBasketArgs = {
  input: CreateOrderFromBasketInput;
};


/**
 * Storefront actions that drive the adapters: each calls an adapter's REST endpoint as the caller
 * (same token and tenant) and answers the order or payment as the order subgraph knows it.
 * Failures keep the adapter's code in `extensions.code` (e.g. HOOK_VETOED, CONFIGURATION_MISSING,
 * PROVIDER_FAILED) and its details.
 */
export type MutationRefreshOrderArgs = {
  orderId: Scalars['ID']['input'];
};


/**
 * Storefront actions that drive the adapters: each calls an adapter's REST endpoint as the caller
 * (same token and tenant) and answers the order or payment as the order subgraph knows it.
 * Failures keep the adapter's code in `extensions.code` (e.g. HOOK_VETOED, CONFIGURATION_MISSING,
 * PROVIDER_FAILED) and its details.
 */
export type MutationRemovePaymentArgs = {
  orderId: Scalars['ID']['input'];
  paymentId: Scalars['ID']['input'];
};


/**
 * Storefront actions that drive the adapters: each calls an adapter's REST endpoint as the caller
 * (same token and tenant) and answers the order or payment as the order subgraph knows it.
 * Failures keep the adapter's code in `extensions.code` (e.g. HOOK_VETOED, CONFIGURATION_MISSING,
 * PROVIDER_FAILED) and its details.
 */
export type MutationRenewCheckoutTokenArgs = {
  orderId: Scalars['ID']['input'];
};


/**
 * Storefront actions that drive the adapters: each calls an adapter's REST endpoint as the caller
 * (same token and tenant) and answers the order or payment as the order subgraph knows it.
 * Failures keep the adapter's code in `extensions.code` (e.g. HOOK_VETOED, CONFIGURATION_MISSING,
 * PROVIDER_FAILED) and its details.
 */
export type MutationSelectShippingOptionArgs = {
  optionId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
};


/**
 * Storefront actions that drive the adapters: each calls an adapter's REST endpoint as the caller
 * (same token and tenant) and answers the order or payment as the order subgraph knows it.
 * Failures keep the adapter's code in `extensions.code` (e.g. HOOK_VETOED, CONFIGURATION_MISSING,
 * PROVIDER_FAILED) and its details.
 */
export type MutationStartPaymentArgs = {
  adapterId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
  paymentMethod?: InputMaybe<Scalars['String']['input']>;
};


/**
 * Storefront actions that drive the adapters: each calls an adapter's REST endpoint as the caller
 * (same token and tenant) and answers the order or payment as the order subgraph knows it.
 * Failures keep the adapter's code in `extensions.code` (e.g. HOOK_VETOED, CONFIGURATION_MISSING,
 * PROVIDER_FAILED) and its details.
 */
export type MutationUpdateCartItemArgs = {
  itemId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
  quantity: Scalars['Int']['input'];
};

export type Order = {
  __typename?: 'Order';
  id: Scalars['ID']['output'];
};

export type Payment = {
  __typename?: 'Payment';
  id: Scalars['ID']['output'];
  orderId: Scalars['ID']['output'];
};

/** How a storefront renders a payment option. */
export type PaymentFrontend =
  /** A gift card form: addGiftCard with the card id (and code). */
  | 'GIFT_CARD'
  /** Methods settled outside a provider (invoice, pay in store): startPayment with a method, then completePayment. */
  | 'NON_PSP'
  /** A payment provider's own frontend (snippet, script, iframe or drop-in) from startPayment's PaymentSession. */
  | 'PROVIDER';

export type PaymentMethod = {
  __typename?: 'PaymentMethod';
  identifier: Scalars['String']['output'];
  name?: Maybe<Scalars['String']['output']>;
};

/** One adapter through which the order can be paid. */
export type PaymentOption = {
  __typename?: 'PaymentOption';
  /** The order's open payment with this adapter, if any (startPayment resumes it). */
  activePaymentId?: Maybe<Scalars['ID']['output']>;
  adapterId: Scalars['ID']['output'];
  frontend: PaymentFrontend;
  kind: AdapterKind;
  /** What the adapter offers this order; empty when it lists none (a provider's frontend shows its own). */
  methods: Array<PaymentMethod>;
  /** The adapter's name for people. */
  name: Scalars['String']['output'];
};

/** What an adapter's frontend needs to go on with a payment; fields a given adapter does not use are null. */
export type PaymentSession = {
  __typename?: 'PaymentSession';
  adapterId: Scalars['ID']['output'];
  /** Everything the adapter answered, as it answered it. */
  data: Scalars['JSON']['output'];
  /** Hosted snippet or iframe markup (checkout providers). */
  htmlSnippet?: Maybe<Scalars['String']['output']>;
  payment: Payment;
  paymentMethods?: Maybe<Array<PaymentMethod>>;
  /** Where to send the shopper (redirect payments). */
  redirectUrl?: Maybe<Scalars['String']['output']>;
  selectedPaymentMethod?: Maybe<Scalars['String']['output']>;
};

export type Query = {
  __typename?: 'Query';
  adapter?: Maybe<Adapter>;
  /** Every adapter the platform knows. */
  adapters: Array<Adapter>;
  /**
   * The ways the order can be paid before any payment exists: one entry per payment and gift card
   * adapter configured (and running) in the channel, each with the methods the adapter offers this
   * order (asked of the adapter, which reads its configuration and the order). A checkout token: its own order only.
   */
  paymentOptions: Array<PaymentOption>;
  /**
   * The order's shipping options and which is chosen (commerce adapter). Full-control mode: the
   * commerce platform's delivery methods; managed mode: the commerce adapter configuration's
   * shippingOptions (docs/storefront-api.md, "Shipping").
   */
  shippingOptions: ShippingOptions;
};


export type QueryAdapterArgs = {
  id: Scalars['ID']['input'];
};


export type QueryPaymentOptionsArgs = {
  orderId: Scalars['ID']['input'];
};


export type QueryShippingOptionsArgs = {
  orderId: Scalars['ID']['input'];
};

export type ShippingOption = {
  __typename?: 'ShippingOption';
  description?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** Price including VAT, in the order's currency. */
  price: Money;
  priceExcludingVat: Money;
  selected: Scalars['Boolean']['output'];
  /** VAT rate as a fraction (0.25). */
  vatRate: Scalars['Float']['output'];
};

export type ShippingOptions = {
  __typename?: 'ShippingOptions';
  mode: DeliveryMode;
  options: Array<ShippingOption>;
  source: ShippingSource;
};

export type ShippingSource =
  | 'COMMERCE_PLATFORM'
  | 'CONFIGURATION';



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
  Adapter: Adapter;
};

/** Mapping of federation reference types */
export type FederationReferenceTypes = {
  Adapter:
    ( { __typename: 'Adapter' }
    & GraphQLRecursivePick<FederationTypes['Adapter'], {"id":true}> );
};



/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Adapter: ResolverTypeWrapper<AdapterDescriptor>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  AdapterKind: AdapterKind;
  CheckoutToken: ResolverTypeWrapper<CheckoutToken>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  CreateOrderFromBasketInput: CreateOrderFromBasketInput;
  CreatedCheckout: ResolverTypeWrapper<CreatedCheckoutModel>;
  DeliveryMode: DeliveryMode;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  Money: ResolverTypeWrapper<Money>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Order: ResolverTypeWrapper<Order>;
  Payment: ResolverTypeWrapper<Payment>;
  PaymentFrontend: PaymentFrontend;
  PaymentMethod: ResolverTypeWrapper<PaymentMethod>;
  PaymentOption: ResolverTypeWrapper<PaymentOptionModel>;
  PaymentSession: ResolverTypeWrapper<PaymentSessionModel>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ShippingOption: ResolverTypeWrapper<ShippingOption>;
  ShippingOptions: ResolverTypeWrapper<ShippingOptionsModel>;
  ShippingSource: ShippingSource;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Adapter: AdapterDescriptor;
  Boolean: Scalars['Boolean']['output'];
  ID: Scalars['ID']['output'];
  String: Scalars['String']['output'];
  CheckoutToken: CheckoutToken;
  Int: Scalars['Int']['output'];
  CreateOrderFromBasketInput: CreateOrderFromBasketInput;
  CreatedCheckout: CreatedCheckoutModel;
  JSON: Scalars['JSON']['output'];
  Money: Money;
  Float: Scalars['Float']['output'];
  Mutation: Record<PropertyKey, never>;
  Order: Order;
  Payment: Payment;
  PaymentMethod: PaymentMethod;
  PaymentOption: PaymentOptionModel;
  PaymentSession: PaymentSessionModel;
  Query: Record<PropertyKey, never>;
  ShippingOption: ShippingOption;
  ShippingOptions: ShippingOptionsModel;
};

export type AdapterResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['Adapter'] = ResolversParentTypes['Adapter'], FederationReferenceType extends FederationReferenceTypes['Adapter'] = FederationReferenceTypes['Adapter']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Adapter']> | FederationReferenceType, FederationReferenceType, ContextType>;
  available?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  configurationSchema?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  configured?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['AdapterKind'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CheckoutTokenResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['CheckoutToken'] = ResolversParentTypes['CheckoutToken']> = {
  expiresAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresIn?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  orderId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CreatedCheckoutResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['CreatedCheckout'] = ResolversParentTypes['CreatedCheckout']> = {
  checkoutToken?: Resolver<ResolversTypes['CheckoutToken'], ParentType, ContextType>;
  order?: Resolver<ResolversTypes['Order'], ParentType, ContextType>;
};

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type MoneyResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['Money'] = ResolversParentTypes['Money']> = {
  amount?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MutationResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  addGiftCard?: Resolver<ResolversTypes['Payment'], ParentType, ContextType, RequireFields<MutationAddGiftCardArgs, 'cardId' | 'orderId'>>;
  completePayment?: Resolver<ResolversTypes['Order'], ParentType, ContextType, RequireFields<MutationCompletePaymentArgs, 'orderId' | 'paymentId'>>;
  createCheckout?: Resolver<ResolversTypes['CreatedCheckout'], ParentType, ContextType, RequireFields<MutationCreateCheckoutArgs, 'input'>>;
  createOrderFromBasket?: Resolver<ResolversTypes['Order'], ParentType, ContextType, RequireFields<MutationCreateOrderFromBasketArgs, 'input'>>;
  refreshOrder?: Resolver<ResolversTypes['Order'], ParentType, ContextType, RequireFields<MutationRefreshOrderArgs, 'orderId'>>;
  removePayment?: Resolver<ResolversTypes['Order'], ParentType, ContextType, RequireFields<MutationRemovePaymentArgs, 'orderId' | 'paymentId'>>;
  renewCheckoutToken?: Resolver<ResolversTypes['CheckoutToken'], ParentType, ContextType, RequireFields<MutationRenewCheckoutTokenArgs, 'orderId'>>;
  selectShippingOption?: Resolver<ResolversTypes['Order'], ParentType, ContextType, RequireFields<MutationSelectShippingOptionArgs, 'optionId' | 'orderId'>>;
  startPayment?: Resolver<ResolversTypes['PaymentSession'], ParentType, ContextType, RequireFields<MutationStartPaymentArgs, 'adapterId' | 'orderId'>>;
  updateCartItem?: Resolver<ResolversTypes['Order'], ParentType, ContextType, RequireFields<MutationUpdateCartItemArgs, 'itemId' | 'orderId' | 'quantity'>>;
};

export type OrderResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['Order'] = ResolversParentTypes['Order']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type PaymentResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['Payment'] = ResolversParentTypes['Payment']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  orderId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type PaymentMethodResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['PaymentMethod'] = ResolversParentTypes['PaymentMethod']> = {
  identifier?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PaymentOptionResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['PaymentOption'] = ResolversParentTypes['PaymentOption']> = {
  activePaymentId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  adapterId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  frontend?: Resolver<ResolversTypes['PaymentFrontend'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['AdapterKind'], ParentType, ContextType>;
  methods?: Resolver<Array<ResolversTypes['PaymentMethod']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PaymentSessionResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['PaymentSession'] = ResolversParentTypes['PaymentSession']> = {
  adapterId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  data?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  htmlSnippet?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  payment?: Resolver<ResolversTypes['Payment'], ParentType, ContextType>;
  paymentMethods?: Resolver<Maybe<Array<ResolversTypes['PaymentMethod']>>, ParentType, ContextType>;
  redirectUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  selectedPaymentMethod?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type QueryResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  adapter?: Resolver<Maybe<ResolversTypes['Adapter']>, ParentType, ContextType, RequireFields<QueryAdapterArgs, 'id'>>;
  adapters?: Resolver<Array<ResolversTypes['Adapter']>, ParentType, ContextType>;
  paymentOptions?: Resolver<Array<ResolversTypes['PaymentOption']>, ParentType, ContextType, RequireFields<QueryPaymentOptionsArgs, 'orderId'>>;
  shippingOptions?: Resolver<ResolversTypes['ShippingOptions'], ParentType, ContextType, RequireFields<QueryShippingOptionsArgs, 'orderId'>>;
};

export type ShippingOptionResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['ShippingOption'] = ResolversParentTypes['ShippingOption']> = {
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  priceExcludingVat?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  selected?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  vatRate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type ShippingOptionsResolvers<ContextType = AdapterContext, ParentType extends ResolversParentTypes['ShippingOptions'] = ResolversParentTypes['ShippingOptions']> = {
  mode?: Resolver<ResolversTypes['DeliveryMode'], ParentType, ContextType>;
  options?: Resolver<Array<ResolversTypes['ShippingOption']>, ParentType, ContextType>;
  source?: Resolver<ResolversTypes['ShippingSource'], ParentType, ContextType>;
};

export type Resolvers<ContextType = AdapterContext> = {
  Adapter?: AdapterResolvers<ContextType>;
  CheckoutToken?: CheckoutTokenResolvers<ContextType>;
  CreatedCheckout?: CreatedCheckoutResolvers<ContextType>;
  JSON?: GraphQLScalarType;
  Money?: MoneyResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  Payment?: PaymentResolvers<ContextType>;
  PaymentMethod?: PaymentMethodResolvers<ContextType>;
  PaymentOption?: PaymentOptionResolvers<ContextType>;
  PaymentSession?: PaymentSessionResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  ShippingOption?: ShippingOptionResolvers<ContextType>;
  ShippingOptions?: ShippingOptionsResolvers<ContextType>;
};

