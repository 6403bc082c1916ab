import { errors, json } from '../../platform/http/api-docs.schemas.js';

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const obj = (properties: Record<string, object>) => ({ type: 'object', required: Object.keys(properties), properties }) as const;

/** The admin paths both sandboxes have. */
const failure = obj({ id: str, operation: str, code: str, message: str, delayMs: num, dropConnection: { type: 'boolean' }, afterApplying: { type: 'boolean' }, remaining: num, hits: num });
const clock = obj({ now: str, offsetSeconds: num });
export const adminAnswers = {
  added: { 201: json('The failure rule', { ...failure, properties: { ...failure.properties, status: { type: 'integer' } } }) },
  list: { 200: json('Operations and failure rules', obj({ operations: { type: 'array', items: str }, failures: { type: 'array', items: failure } })) },
  cleared: { 200: json('How many rules were removed', obj({ cleared: num })) },
  deleted: { 200: json('Deleted', obj({ deleted: str })), ...errors(404) },
  clock: { 200: json("The sandbox's time", clock) },
  exchanges: {
    200: json('The recorded exchanges, oldest first', obj({ exchanges: { type: 'array', items: { type: 'object', additionalProperties: true, required: ['direction', 'operation', 'method', 'url', 'headers', 'at'], properties: { direction: str, operation: str, method: str, url: str, headers: { type: 'object', additionalProperties: str }, requestBody: {}, status: { type: 'integer' }, responseBody: {}, at: str } } } })),
  },
  exchangesCleared: { 200: json('How many exchanges were forgotten', obj({ cleared: num })) },
};
