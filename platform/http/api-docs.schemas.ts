/**
 * Building blocks of the route schemas' response documentation (docs/api-documents.md). Responses
 * document, they never filter: the app serialises with plain JSON.stringify (api-docs.plugin.ts).
 */

export const ERROR_BODY_ID = 'ErrorBody';

/** The JSON body of every 4xx/5xx answer (platform/errors/app-error.ts). */
export const errorBodySchema = {
  $id: ERROR_BODY_ID,
  title: ERROR_BODY_ID,
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'Stable machine-readable code, e.g. `invalid_request`, `order_not_found`.' },
    message: { type: 'string', description: 'What went wrong, for a person.' },
    details: { description: 'Optional: for invalid requests, one entry per problem with its JSON pointer.' },
  },
} as const;

const STATUS_TEXT: Record<string, string> = {
  400: 'Invalid request (body, parameters, JSON, characters) or a refusal of the domain',
  401: 'Missing, invalid or expired credentials',
  403: 'The caller may not do this (role, tenant, adapter)',
  404: 'Not found (or not visible to this tenant)',
  409: 'Conflict with the current state (version, status, duplicate)',
  413: 'Request body larger than BODY_LIMIT_BYTES',
  415: 'Request body is not JSON',
  422: 'Understood but not acceptable',
  500: 'Unexpected failure (logged; never details)',
  502: 'A service or system this one calls failed or answered unexpectedly',
  503: 'Not ready',
  '4XX': 'Client error (sandboxes: also an injected failure)',
  '5XX': 'Server error (sandboxes: also an injected failure)',
};

/** A JSON response with this schema. */
export const json = (description: string, schema: object = {}) => ({ description, content: { 'application/json': { schema } } });

/** A response without a body. */
export const empty = (description: string) => ({ description, type: 'null' });

/** `{code, message, details?}` responses for these statuses. */
export function errors(...statuses: Array<number | '4XX' | '5XX'>): Record<string, object> {
  return Object.fromEntries(statuses.map((status) => [String(status), errorResponse(status)]));
}

export const errorResponse = (status: number | string) => json(STATUS_TEXT[status] ?? 'Error', { $ref: `${ERROR_BODY_ID}#` });
