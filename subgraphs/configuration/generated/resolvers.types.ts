import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { ConfigurationView, ConfigurationFailure, ConfigurationErrorDetail } from '../configuration.model.js';
import type { ConfigurationContext } from '../configuration.context.js';
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

export type Adapter = {
  __typename?: 'Adapter';
  /** The adapter's configuration in the caller's channel (roles admin, service); null when it is not configured there. Secrets are masked. */
  configuration?: Maybe<Configuration>;
  id: Scalars['ID']['output'];
};

/** A JSON configuration of the caller's merchant and channel. */
export type Configuration = {
  __typename?: 'Configuration';
  /** The document's active flag; null when it does not say. */
  active?: Maybe<Scalars['Boolean']['output']>;
  createdAt: Scalars['String']['output'];
  /** The configuration document; each secret (writeOnly) field shows ********. */
  document: Scalars['JSON']['output'];
  id: Scalars['ID']['output'];
  /** The resolved JSON Schema of the configuration (the admin UI renders its form from it); null, with an error, when it cannot be resolved. */
  schema?: Maybe<Scalars['JSON']['output']>;
  /** URL of the JSON Schema that validates this configuration. */
  schemaUrl: Scalars['String']['output'];
  /** JSON pointers of the fields holding a stored secret (masked in document). */
  secretPointers: Array<Scalars['String']['output']>;
  updatedAt: Scalars['String']['output'];
  /** Starts at 1, one more on each write. */
  version: Scalars['Int']['output'];
};

export type ConfigurationSchemaError = {
  __typename?: 'ConfigurationSchemaError';
  /** The JSON Schema keyword that failed (required, format, …) or a rule of the service (id, writeOnly, $schema). */
  keyword?: Maybe<Scalars['String']['output']>;
  message: Scalars['String']['output'];
  /** JSON pointer (RFC 6901) of the value at fault; empty for the whole document. */
  pointer: Scalars['String']['output'];
  /** The schema the rule belongs to. */
  schema?: Maybe<ConfigurationSchemaKind>;
};

export type ConfigurationSchemaKind =
  /** The schema named by the configuration's $schema. */
  | 'adapter'
  /** The basic configuration schema every configuration satisfies. */
  | 'basic';

/** Why putConfiguration refused a configuration; nothing was written. */
export type ConfigurationValidationError = {
  __typename?: 'ConfigurationValidationError';
  /** invalid_configuration, schema_unavailable or invalid_schema. */
  code: Scalars['String']['output'];
  /** Every problem, each at its JSON pointer in the configuration. */
  errors: Array<ConfigurationSchemaError>;
  message: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /**
   * Creates or replaces a configuration of the caller's channel (roles admin, service), after
   * validating it against the basic schema and the schema its $schema names. A secret field
   * (writeOnly in that schema) carrying the mask ******** keeps its stored value.
   */
  putConfiguration: PutConfigurationResult;
};


export type MutationPutConfigurationArgs = {
  document: Scalars['JSON']['input'];
  id: Scalars['ID']['input'];
};

export type PutConfigurationResult = Configuration | ConfigurationValidationError;

export type Query = {
  __typename?: 'Query';
  /** One configuration of the caller's channel, or null (roles admin, service). Secrets are masked. */
  configuration?: Maybe<Configuration>;
  /**
   * The JSON Schema (draft 2020-12) at a URL, resolved as a configuration's $schema is (local copies
   * of the platform's schemas, others fetched and cached), so an admin UI can render the form of a
   * configuration not written yet. Refused (extensions.code SCHEMA_UNAVAILABLE or INVALID_SCHEMA)
   * when the schema cannot be used.
   */
  configurationSchema?: Maybe<Scalars['JSON']['output']>;
  /** Every configuration of the caller's merchant and channel (roles admin, service). Secrets are masked. */
  configurations: Array<Configuration>;
};


export type QueryConfigurationArgs = {
  id: Scalars['ID']['input'];
};


export type QueryConfigurationSchemaArgs = {
  url: Scalars['String']['input'];
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
  Adapter: Adapter;
  Configuration: Configuration;
};

/** Mapping of federation reference types */
export type FederationReferenceTypes = {
  Adapter:
    ( { __typename: 'Adapter' }
    & GraphQLRecursivePick<FederationTypes['Adapter'], {"id":true}> );
  Configuration:
    ( { __typename: 'Configuration' }
    & GraphQLRecursivePick<FederationTypes['Configuration'], {"id":true}> );
};

/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = {
  PutConfigurationResult:
    | ( ConfigurationView )
    | ( ConfigurationFailure )
  ;
};


/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Adapter: ResolverTypeWrapper<Omit<Adapter, 'configuration'> & { configuration?: Maybe<ResolversTypes['Configuration']> }>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Configuration: ResolverTypeWrapper<ConfigurationView>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  ConfigurationSchemaError: ResolverTypeWrapper<ConfigurationErrorDetail>;
  ConfigurationSchemaKind: ConfigurationSchemaKind;
  ConfigurationValidationError: ResolverTypeWrapper<ConfigurationFailure>;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  PutConfigurationResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['PutConfigurationResult']>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Adapter: Omit<Adapter, 'configuration'> & { configuration?: Maybe<ResolversParentTypes['Configuration']> } | FederationReferenceTypes['Adapter'];
  ID: Scalars['ID']['output'];
  Configuration: ConfigurationView;
  Boolean: Scalars['Boolean']['output'];
  String: Scalars['String']['output'];
  Int: Scalars['Int']['output'];
  ConfigurationSchemaError: ConfigurationErrorDetail;
  ConfigurationValidationError: ConfigurationFailure;
  JSON: Scalars['JSON']['output'];
  Mutation: Record<PropertyKey, never>;
  PutConfigurationResult: ResolversUnionTypes<ResolversParentTypes>['PutConfigurationResult'];
  Query: Record<PropertyKey, never>;
};

export type AdapterResolvers<ContextType = ConfigurationContext, ParentType extends ResolversParentTypes['Adapter'] = ResolversParentTypes['Adapter'], FederationReferenceType extends FederationReferenceTypes['Adapter'] = FederationReferenceTypes['Adapter']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Adapter']> | FederationReferenceType, FederationReferenceType, ContextType>;
  configuration?: Resolver<Maybe<ResolversTypes['Configuration']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type ConfigurationResolvers<ContextType = ConfigurationContext, ParentType extends ResolversParentTypes['Configuration'] = ResolversParentTypes['Configuration'], FederationReferenceType extends FederationReferenceTypes['Configuration'] = FederationReferenceTypes['Configuration']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Configuration']> | FederationReferenceType, FederationReferenceType, ContextType>;
  active?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  document?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  schema?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  schemaUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  secretPointers?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ConfigurationSchemaErrorResolvers<ContextType = ConfigurationContext, ParentType extends ResolversParentTypes['ConfigurationSchemaError'] = ResolversParentTypes['ConfigurationSchemaError']> = {
  keyword?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  pointer?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  schema?: Resolver<Maybe<ResolversTypes['ConfigurationSchemaKind']>, ParentType, ContextType>;
};

export type ConfigurationValidationErrorResolvers<ContextType = ConfigurationContext, ParentType extends ResolversParentTypes['ConfigurationValidationError'] = ResolversParentTypes['ConfigurationValidationError']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  errors?: Resolver<Array<ResolversTypes['ConfigurationSchemaError']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type MutationResolvers<ContextType = ConfigurationContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  putConfiguration?: Resolver<ResolversTypes['PutConfigurationResult'], ParentType, ContextType, RequireFields<MutationPutConfigurationArgs, 'document' | 'id'>>;
};

export type PutConfigurationResultResolvers<ContextType = ConfigurationContext, ParentType extends ResolversParentTypes['PutConfigurationResult'] = ResolversParentTypes['PutConfigurationResult']> = {
  __resolveType: TypeResolveFn<'Configuration' | 'ConfigurationValidationError', ParentType, ContextType>;
};

export type QueryResolvers<ContextType = ConfigurationContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  configuration?: Resolver<Maybe<ResolversTypes['Configuration']>, ParentType, ContextType, RequireFields<QueryConfigurationArgs, 'id'>>;
  configurationSchema?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType, RequireFields<QueryConfigurationSchemaArgs, 'url'>>;
  configurations?: Resolver<Array<ResolversTypes['Configuration']>, ParentType, ContextType>;
};

export type Resolvers<ContextType = ConfigurationContext> = {
  Adapter?: AdapterResolvers<ContextType>;
  Configuration?: ConfigurationResolvers<ContextType>;
  ConfigurationSchemaError?: ConfigurationSchemaErrorResolvers<ContextType>;
  ConfigurationValidationError?: ConfigurationValidationErrorResolvers<ContextType>;
  JSON?: GraphQLScalarType;
  Mutation?: MutationResolvers<ContextType>;
  PutConfigurationResult?: PutConfigurationResultResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
};

