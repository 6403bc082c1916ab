import { requireRole } from '../../platform/auth/request-auth.js';
import { CONFIGURATION_READERS, CONFIGURATION_WRITERS } from './configuration.access.js';
import type { ConfigurationContext } from './configuration.context.js';
import type { Resolvers } from './generated/resolvers.types.js';

const asReader = (context: ConfigurationContext) => requireRole(context.auth, ...CONFIGURATION_READERS);

/** Thin over ConfigurationDomain; every Configuration it answers has its secrets masked. */
export const configurationResolvers: Resolvers = {
  Query: {
    configurations: (_parent, _args, context) => {
      asReader(context);
      return context.domain.listConfigurations(context.auth.tenant);
    },
    configuration: (_parent, { id }, context) => {
      asReader(context);
      return context.configurations.load(id);
    },
    configurationSchema: (_parent, { url }, context) => {
      asReader(context);
      return context.domain.schemaAt(url);
    },
  },
  Mutation: {
    putConfiguration: async (_parent, { id, document }, context) => {
      requireRole(context.auth, ...CONFIGURATION_WRITERS);
      const outcome = await context.domain.putConfiguration(context.auth.tenant, id, document);
      if (!outcome.ok) return outcome.failure;
      context.configurations.clear(id);
      return outcome.configuration;
    },
  },
  PutConfigurationResult: {
    __resolveType: (result) => ('details' in result ? 'ConfigurationValidationError' : 'Configuration'),
  },
  ConfigurationValidationError: {
    errors: (failure) => failure.details,
  },
  Configuration: {
    __resolveReference: (reference, context) => {
      asReader(context);
      return context.configurations.load(reference.id);
    },
    createdAt: (configuration) => configuration.createdAt.toISOString(),
    updatedAt: (configuration) => configuration.updatedAt.toISOString(),
    schema: (configuration, _args, context) => context.domain.schemaAt(configuration.schemaUrl),
  },
  Adapter: {
    // An adapter's configuration carries the adapter id as its id.
    configuration: (adapter, _args, context) => {
      asReader(context);
      return context.configurations.load(adapter.id);
    },
  },
};
