/** Small helpers for calling the services as any client would. */
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

export async function graphql(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headersFor(options) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
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
