import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError } from '../errors/app-error.js';

/**
 * Expected failures keep their stable code in `extensions.code` (upper snake case) and their
 * details; anything unexpected is masked as INTERNAL_SERVER_ERROR so no internals leak.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
    return {
      ...formatted,
      message: original.message,
      extensions: {
        code: original.code.toUpperCase(),
        status: original.status,
        ...(original.details === undefined ? {} : { details: original.details }),
      },
    };
  }
  const code = formatted.extensions?.code;
  if (original instanceof GraphQLError || (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR')) {
    // Parse, validation and downstream (subgraph) errors: already safe to show; keep their details.
    const { details, status } = formatted.extensions ?? {};
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code, ...(status === undefined ? {} : { status }), ...(details === undefined ? {} : { details }) },
    };
  }
  return { message: 'An unexpected error occurred; it has been logged.', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}
