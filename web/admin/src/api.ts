/** The gateway's GraphQL as the admin's browser calls it: the admin's token and tenant on every request. */

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

export type Gql = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

export function client(config: PageConfig, session: Session): Gql {
  return async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
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
        body: JSON.stringify({ query, variables }),
      });
    } catch {
      throw new ApiError(`The gateway at ${config.graphqlUrl} cannot be reached (is this page's origin in CORS_ORIGINS?).`, 'unreachable');
    }
    const body = (await response.json().catch(() => ({}))) as { data?: T; errors?: Array<{ message: string; extensions?: { code?: string; details?: unknown } }>; code?: string; message?: string };
    if (body.errors?.length) {
      const [first] = body.errors;
      throw new ApiError(first!.message, first!.extensions?.code, first!.extensions?.details);
    }
    if (!response.ok || body.data === undefined) throw new ApiError(body.message ?? `The gateway answered ${response.status}.`, body.code);
    return body.data;
  };
}

/** The claims of a JWT, read without verifying (the gateway verifies; the page only pre-fills). */
export function claimsOf(token: string): Record<string, unknown> {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
}
