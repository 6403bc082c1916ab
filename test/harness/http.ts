/** Small helpers for calling the services as any client would. */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type FormattedExecutionResult, type GraphQLFormattedError } from 'graphql';

export interface CallOptions {
  token?: string;
  merchant?: string;
  channel?: string;
  headers?: Record<string, string>;
}

export function headersFor(options: CallOptions): Record<string, string> {
  return {
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.merchant ? { 'x-merchant': options.merchant } : {}),
    ...(options.channel ? { 'x-channel': options.channel } : {}),
    ...options.headers,
  };
}

/**
 * The JSON answer of a GraphQL request: the operation's data and the formatted errors.
 * `TData` comes from a typed document (test/graphql/*.graphql → test/generated/graphql.ts).
 */
export type GraphqlAnswer<TData> = FormattedExecutionResult<TData>;

/** Posts a query text with its variables; the status and the parsed JSON body (unknown until checked). */
async function post(baseUrl: string, query: string, variables: Record<string, unknown>, options: CallOptions): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headersFor(options) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
}

const texts = new WeakMap<object, string>();
/** A document's query text, printed once per document. */
function textOf(document: TypedDocumentNode<unknown, never>): string {
  let text = texts.get(document);
  if (text === undefined) texts.set(document, (text = print(document)));
  return text;
}

/** Sends a typed document (test/generated/graphql.ts): the answer's data has the operation's type. */
export async function graphql<TData, TVariables extends Record<string, unknown>>(
  baseUrl: string,
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  options: CallOptions = {},
): Promise<{ status: number; body: GraphqlAnswer<TData> }> {
  const { status, body } = await post(baseUrl, textOf(document as TypedDocumentNode<unknown, never>), variables, options);
  return { status, body: body as GraphqlAnswer<TData> };
}

/**
 * Sends a query text as written, for requests no typed document can express: malformed or
 * invalid queries, introspection, limits, and a subgraph's own federation fields. The body is
 * `unknown`: the test checks its shape.
 */
export async function graphqlRaw(baseUrl: string, query: string, variables: Record<string, unknown> = {}, options: CallOptions = {}): Promise<{ status: number; body: unknown }> {
  return post(baseUrl, query, variables, options);
}

export async function rest(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions & { body?: unknown; rawBody?: string } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headersFor(options) },
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers };
}

/** The answer's data: the test fails here, with the errors, when the answer has errors or no data. */
export function dataOf<TData>(answer: { status: number; body: GraphqlAnswer<TData> }): TData {
  const { data, errors } = answer.body;
  if (errors?.length || data === undefined || data === null) throw new Error(`GraphQL answered ${answer.status} without data: ${JSON.stringify(answer.body)}`);
  return data;
}

/** The `errors` of an answer read as `unknown` (graphqlRaw): the test fails here when it has none. */
export function errorsOf(body: unknown): ReadonlyArray<GraphQLFormattedError> {
  const errors = typeof body === 'object' && body !== null && 'errors' in body ? body.errors : undefined;
  if (!Array.isArray(errors) || errors.length === 0) throw new Error(`Expected GraphQL errors, got ${JSON.stringify(body)}`);
  return errors as GraphQLFormattedError[];
}
