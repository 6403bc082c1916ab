import { errors, json } from '../../platform/http/api-docs.schemas.js';

/** What the configuration routes answer, for the service's API document (docs/api-documents.md). */

export const configurationDocumentSchema = {
  $id: 'ConfigurationDocument',
  title: 'ConfigurationDocument',
  type: 'object',
  description:
    'A configuration document: validated against the basic schema (`/openapi/v1/schemas/basic-configuration.json`) and the schema named by `$schema`; other properties are the adapter\'s. Secrets are `********` unless revealed.',
  required: ['$schema', 'id'],
  properties: {
    $schema: { type: 'string', format: 'uri' },
    id: { type: 'string' },
    active: { type: 'boolean' },
    adapter: { type: 'object', required: ['publicUrl'], properties: { publicUrl: { type: 'string', format: 'uri' }, internalUrl: { type: 'string', format: 'uri' } } },
  },
} as const;

export const configurationSchema = {
  $id: 'Configuration',
  title: 'Configuration',
  type: 'object',
  required: ['id', 'schemaUrl', 'version', 'active', 'createdAt', 'updatedAt', 'secretPointers', 'document'],
  properties: {
    id: { type: 'string' },
    schemaUrl: { type: 'string', format: 'uri' },
    version: { type: 'integer', minimum: 1, description: '1 when created, one more on each write.' },
    active: { type: ['boolean', 'null'], description: "The document's `active`; null when it does not say." },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    secretPointers: { type: 'array', items: { type: 'string' }, description: 'JSON pointers of the fields holding a stored secret.' },
    document: { $ref: 'ConfigurationDocument#' },
  },
} as const;

const configuration = { $ref: 'Configuration#' } as const;

/** 400 on a PUT: `invalid_configuration`, `schema_unavailable`, `invalid_schema`, `invalid_request`, … with one detail per problem. */
const invalid = json(
  '`invalid_configuration` (fails the basic or its own schema), `schema_unavailable` (`$schema` unreachable), `invalid_schema` (`$schema` not a sound 2020-12 schema extending the basic one), `invalid_request`, `invalid_json`.',
  {
    allOf: [
      { $ref: 'ErrorBody#' },
      {
        properties: {
          details: {
            type: 'array',
            items: {
              type: 'object',
              required: ['pointer', 'message'],
              properties: { pointer: { type: 'string', description: "JSON pointer into the configuration ('' = the whole document)." }, message: { type: 'string' }, keyword: { type: 'string' }, schema: { enum: ['basic', 'adapter'] } },
            },
          },
        },
      },
    ],
  },
);

export const putConfigurationResponses = {
  200: json('Replaced', configuration),
  201: json('Created', configuration),
  400: invalid,
  ...errors(409),
};
export const getConfigurationResponses = { 200: json('The configuration, secrets masked', configuration), ...errors(404) };
export const listConfigurationsResponses = { 200: json("The channel's configurations", { type: 'object', required: ['items'], properties: { items: { type: 'array', items: configuration } } }) };
export const adapterReadResponses = {
  200: json("The configuration document itself; an adapter's own secrets in clear (Cache-Control: no-store)", { $ref: 'ConfigurationDocument#' }),
  ...errors(404),
};
export const servedSchemaResponses = {
  200: { description: 'A JSON Schema (draft 2020-12)', content: { 'application/schema+json': { schema: { type: 'object' } } } },
  ...errors(404),
};
