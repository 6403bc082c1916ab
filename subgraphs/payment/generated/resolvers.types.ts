import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { PaymentRef, OrderRef } from '../payment-transaction.repository.js';
import type { PaymentTransactionRecord } from '../payment-transaction.model.js';
import type { PaymentPage } from '../payment.repository.js';
import type { PaymentContext } from '../payment.context.js';
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

export type Mutation = {
  __typename?: 'Mutation';
  /** Cancels a payment through its adapter's cancel callback (admin and service tokens; FORBIDDEN otherwise): after confirm and before capture, e.g. reserved → cancelled. The call and its answer are logged as a transaction; an adapter refusing is BAD_REQUEST with its message, an adapter failing BAD_GATEWAY (PAYMENT_CALLBACK_FAILED); a payment without the callback PAYMENT_ACTION_UNAVAILABLE. */
  cancelPayment: Payment;
  /** Refreshes a payment through its adapter's refresh callback (admin and service tokens): the adapter re-reads the payment at its provider and the platform records what changed there (a state the payment state table reaches, the amount, the refunded amount), the call and its answer logged as a transaction. A payment whose adapter offers no refresh is PAYMENT_ACTION_UNAVAILABLE (409). */
  refreshPayment: Payment;
  /** Refunds part or all of a captured payment through its adapter's refund callback (admin and service tokens). A partial refund keeps the payment captured and adds to its refundedAmount; the refund reaching the amount moves it to refunded. More than is left: REFUND_EXCEEDS_CAPTURED; an amount finer than the currency's minor units (12.345 NOK): AMOUNT_PRECISION, never rounded. `reason` (optional, at most 500 characters: INVALID_REFUND_REASON) is kept in the transaction log (PaymentTransaction.reason) and passed to the adapter. `idempotencyKey` (optional, 1 to 200 visible ASCII characters, e.g. a UUID made when the operator opened the refund form: INVALID_IDEMPOTENCY_KEY) names this refund: asked again with the same key, a refund that succeeded answers the payment as it is and calls nothing, one whose outcome was unknown or refused is asked again under the same provider idempotency key, so the money moves once; the same key with another amount is IDEMPOTENCY_KEY_REUSED (409). */
  refundPayment: Payment;
};


export type MutationCancelPaymentArgs = {
  orderId: Scalars['ID']['input'];
  paymentId: Scalars['ID']['input'];
};


export type MutationRefreshPaymentArgs = {
  orderId: Scalars['ID']['input'];
  paymentId: Scalars['ID']['input'];
};


export type MutationRefundPaymentArgs = {
  amount: Scalars['Float']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  orderId: Scalars['ID']['input'];
  paymentId: Scalars['ID']['input'];
  reason?: InputMaybe<Scalars['String']['input']>;
};

/** The order, as the payment subgraph adds to it: the payment attempts that left no payment. */
export type Order = {
  __typename?: 'Order';
  id: Scalars['ID']['output'];
  /** Creates that failed before any payment existed (e.g. the gift card system failing while a card was added), oldest first; failures after a payment exists are in Payment.transactions. Adapter tokens see only their own adapter's. */
  paymentAttempts: Array<PaymentTransaction>;
};

export type Payment = {
  __typename?: 'Payment';
  /** Whether any logged transaction failed (isSuccess false). */
  hasFailedTransaction: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  /** When the latest transaction was logged (ISO 8601 UTC); null when none was. */
  lastTransactionAt?: Maybe<Scalars['String']['output']>;
  orderId: Scalars['ID']['output'];
  /** The payment's transaction log, oldest first, as adapters logged it through the payment API. */
  transactions: Array<PaymentTransaction>;
};

export type PaymentConnection = {
  __typename?: 'PaymentConnection';
  edges: Array<PaymentEdge>;
  pageInfo: PaymentPageInfo;
};

export type PaymentEdge = {
  __typename?: 'PaymentEdge';
  cursor: Scalars['String']['output'];
  node: Payment;
};

/** Named apart from the order subgraph's PageInfo, which is not shareable. */
export type PaymentPageInfo = {
  __typename?: 'PaymentPageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

/** One call to a payment provider, as logged by the adapter. */
export type PaymentTransaction = {
  __typename?: 'PaymentTransaction';
  /** The adapter whose call this was (null for transactions logged before adapters were recorded). */
  adapterId?: Maybe<Scalars['ID']['output']>;
  amount?: Maybe<Scalars['Float']['output']>;
  createdAt: Scalars['String']['output'];
  /** Fault description shown to the merchant when isSuccess is false. */
  errorDetail?: Maybe<Scalars['String']['output']>;
  event: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  isSuccess: Scalars['Boolean']['output'];
  orderId: Scalars['ID']['output'];
  /** Null for an attempt (Order.paymentAttempts): a create that failed before a payment existed. */
  paymentId?: Maybe<Scalars['ID']['output']>;
  pspEvent?: Maybe<Scalars['String']['output']>;
  pspStatus?: Maybe<Scalars['String']['output']>;
  /** A refund asked for through refundPayment: the operator's reason, when one was given (admin, service and adapter tokens; FORBIDDEN for storefronts). Null for every other transaction. */
  reason?: Maybe<Scalars['String']['output']>;
  /** What the adapter sent the provider (admin, service and adapter tokens; FORBIDDEN for storefronts). */
  requestJson?: Maybe<Scalars['JSON']['output']>;
  /** What the provider answered (admin, service and adapter tokens; FORBIDDEN for storefronts). */
  responseJson?: Maybe<Scalars['JSON']['output']>;
};

export type Query = {
  __typename?: 'Query';
  /** One payment of an order of the caller's merchant and channel (any role); null when there is no such order or payment, including another tenant's. The order subgraph fills the payment's fields. */
  payment?: Maybe<Payment>;
  /** Payments of the caller's channel (admin and service tokens): those with a failed transaction first, then by their latest transaction, newest first (none last), then by order id and payment id. */
  payments: PaymentConnection;
};


export type QueryPaymentArgs = {
  id: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
};


export type QueryPaymentsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
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
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Order: ResolverTypeWrapper<OrderRef>;
  Payment: ResolverTypeWrapper<PaymentRef>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  PaymentConnection: ResolverTypeWrapper<PaymentPage>;
  PaymentEdge: ResolverTypeWrapper<Omit<PaymentEdge, 'node'> & { node: ResolversTypes['Payment'] }>;
  PaymentPageInfo: ResolverTypeWrapper<PaymentPageInfo>;
  PaymentTransaction: ResolverTypeWrapper<PaymentTransactionRecord>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  JSON: Scalars['JSON']['output'];
  Mutation: Record<PropertyKey, never>;
  ID: Scalars['ID']['output'];
  Float: Scalars['Float']['output'];
  String: Scalars['String']['output'];
  Order: OrderRef;
  Payment: PaymentRef;
  Boolean: Scalars['Boolean']['output'];
  PaymentConnection: PaymentPage;
  PaymentEdge: Omit<PaymentEdge, 'node'> & { node: ResolversParentTypes['Payment'] };
  PaymentPageInfo: PaymentPageInfo;
  PaymentTransaction: PaymentTransactionRecord;
  Query: Record<PropertyKey, never>;
  Int: Scalars['Int']['output'];
};

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type MutationResolvers<ContextType = PaymentContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  cancelPayment?: Resolver<ResolversTypes['Payment'], ParentType, ContextType, RequireFields<MutationCancelPaymentArgs, 'orderId' | 'paymentId'>>;
  refreshPayment?: Resolver<ResolversTypes['Payment'], ParentType, ContextType, RequireFields<MutationRefreshPaymentArgs, 'orderId' | 'paymentId'>>;
  refundPayment?: Resolver<ResolversTypes['Payment'], ParentType, ContextType, RequireFields<MutationRefundPaymentArgs, 'amount' | 'orderId' | 'paymentId'>>;
};

export type OrderResolvers<ContextType = PaymentContext, ParentType extends ResolversParentTypes['Order'] = ResolversParentTypes['Order'], FederationReferenceType extends FederationReferenceTypes['Order'] = FederationReferenceTypes['Order']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Order']> | FederationReferenceType, FederationReferenceType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  paymentAttempts?: Resolver<Array<ResolversTypes['PaymentTransaction']>, ParentType, ContextType>;
};

export type PaymentResolvers<ContextType = PaymentContext, ParentType extends ResolversParentTypes['Payment'] = ResolversParentTypes['Payment'], FederationReferenceType extends FederationReferenceTypes['Payment'] = FederationReferenceTypes['Payment']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Payment']> | FederationReferenceType, FederationReferenceType, ContextType>;
  hasFailedTransaction?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastTransactionAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  orderId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  transactions?: Resolver<Array<ResolversTypes['PaymentTransaction']>, ParentType, ContextType>;
};

export type PaymentConnectionResolvers<ContextType = PaymentContext, ParentType extends ResolversParentTypes['PaymentConnection'] = ResolversParentTypes['PaymentConnection']> = {
  edges?: Resolver<Array<ResolversTypes['PaymentEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PaymentPageInfo'], ParentType, ContextType>;
};

export type PaymentEdgeResolvers<ContextType = PaymentContext, ParentType extends ResolversParentTypes['PaymentEdge'] = ResolversParentTypes['PaymentEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Payment'], ParentType, ContextType>;
};

export type PaymentPageInfoResolvers<ContextType = PaymentContext, ParentType extends ResolversParentTypes['PaymentPageInfo'] = ResolversParentTypes['PaymentPageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type PaymentTransactionResolvers<ContextType = PaymentContext, ParentType extends ResolversParentTypes['PaymentTransaction'] = ResolversParentTypes['PaymentTransaction']> = {
  adapterId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  amount?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  errorDetail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  event?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isSuccess?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  orderId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  paymentId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  pspEvent?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pspStatus?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  requestJson?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  responseJson?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
};

export type QueryResolvers<ContextType = PaymentContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  payment?: Resolver<Maybe<ResolversTypes['Payment']>, ParentType, ContextType, RequireFields<QueryPaymentArgs, 'id' | 'orderId'>>;
  payments?: Resolver<ResolversTypes['PaymentConnection'], ParentType, ContextType, RequireFields<QueryPaymentsArgs, 'first'>>;
};

export type Resolvers<ContextType = PaymentContext> = {
  JSON?: GraphQLScalarType;
  Mutation?: MutationResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  Payment?: PaymentResolvers<ContextType>;
  PaymentConnection?: PaymentConnectionResolvers<ContextType>;
  PaymentEdge?: PaymentEdgeResolvers<ContextType>;
  PaymentPageInfo?: PaymentPageInfoResolvers<ContextType>;
  PaymentTransaction?: PaymentTransactionResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
};

