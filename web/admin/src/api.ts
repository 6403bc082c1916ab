/** The gateway's GraphQL as the admin's browser calls it: the admin's token and tenant on every request. */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { readToken } from './token-check.js';

export interface PageConfig {
  graphqlUrl: string;
  identityProvider: { issuer: string; clientId: string; audience: string } | null;
}

export interface Session {
  token: string;
  merchant: string;
  channel: string;
  /** The channels the token allows (`*`: every channel of the merchant). */
  channels: string[];
  via: 'token' | 'identity-provider';
}

/** A GraphQL error as the platform answers it: the message and its extensions.code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export async function loadPageConfig(): Promise<PageConfig> {
  const response = await fetch('/admin-config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`The admin's settings could not be read (${response.status}).`);
  return (await response.json()) as PageConfig;
}

/**
 * Sends one of the admin's operations (operations.graphql → generated/graphql.ts) and answers its
 * typed data; a GraphQL error or a refusal is thrown as an ApiError.
 */
export type Gql = <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, ...variables: VariablesOf<TVariables>) => Promise<TData>;

/** The variables argument: optional when the operation declares none or only optional ones. */
type VariablesOf<TVariables> = Record<string, never> extends TVariables ? [variables?: TVariables] : [variables: TVariables];

export function client(config: PageConfig, session: Session): Gql {
  const texts = new WeakMap<object, string>();
  const textOf = (document: TypedDocumentNode<unknown, never>) => {
    const known = texts.get(document);
    if (known !== undefined) return known;
    const text = print(document);
    texts.set(document, text);
    return text;
  };
  return async <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, ...[variables]: VariablesOf<TVariables>): Promise<TData> => {
    const query = textOf(document as TypedDocumentNode<unknown, never>);
    let response: Response;
    try {
      response = await fetch(config.graphqlUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${session.token}`,
          'x-merchant': session.merchant,
          'x-channel': session.channel,
        },
        body: JSON.stringify({ query, variables: variables ?? {} }),
      });
    } catch {
      throw new ApiError(`The gateway at ${config.graphqlUrl} cannot be reached (is this page's origin in CORS_ORIGINS?).`, 'unreachable');
    }
    const body = (await response.json().catch(() => ({}))) as { data?: TData; errors?: Array<{ message: string; extensions?: { code?: string; details?: unknown } }>; code?: string; message?: string };
    if (body.errors?.length) {
      const [first] = body.errors;
      throw new ApiError(first!.message, first!.extensions?.code, first!.extensions?.details);
    }
    if (!response.ok || body.data === undefined) throw new ApiError(body.message ?? `The gateway answered ${response.status}.`, body.code);
    return body.data;
  };
}

/** The claims of a JWT, read without verifying (the gateway verifies; the page only pre-fills); none when it is no token. */
export function claimsOf(token: string): Record<string, unknown> {
  const read = readToken(token);
  return 'claims' in read ? read.claims : {};
}
