import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireRole } from '../../platform/auth/request-auth.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { CONFIGURATION_READERS, CONFIGURATION_WRITERS, mayReveal, requireAdapterRead, requirePathTenant } from './configuration.access.js';
import type { ConfigurationDomain } from './configuration.domain.js';
import { toConfigurationBody } from './configuration.model.js';
import { SERVED_SCHEMAS, loadSchemaFile } from './local-schemas.js';
import * as docs from './configuration.openapi.js';

const segment = { type: 'string', minLength: 1, maxLength: 128, pattern: '^[^/]+$' } as const;
const configurationIdSegment = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,128}$' } as const;
const channelParams = {
  type: 'object',
  properties: { merchant: segment, channel: segment },
  required: ['merchant', 'channel'],
} as const;
const configurationParams = {
  type: 'object',
  properties: { merchant: segment, channel: segment, configurationId: configurationIdSegment },
  required: ['merchant', 'channel', 'configurationId'],
} as const;
const adapterReadParams = {
  type: 'object',
  properties: { merchantId: segment, channelId: segment, adapterId: configurationIdSegment },
  required: ['merchantId', 'channelId', 'adapterId'],
} as const;

type ChannelRequest = FastifyRequest<{ Params: { merchant: string; channel: string } }>;
type ConfigurationRequest = FastifyRequest<{ Params: { merchant: string; channel: string; configurationId: string }; Body: unknown }>;
type AdapterReadRequest = FastifyRequest<{ Params: { merchantId: string; channelId: string; adapterId: string } }>;

const BASE = '/api/v1/configuration/merchants/:merchant/channels/:channel/configurations';

/**
 * The configuration service's REST paths (docs/configuration.md). Roles and the path's tenant are
 * checked before the body is validated, so a caller without the right learns nothing else.
 */
export function registerConfigurationRoutes(app: FastifyInstance, domain: ConfigurationDomain): void {
  app.addSchema(docs.configurationDocumentSchema);
  app.addSchema(docs.configurationSchema);
  const asReader = async (request: ChannelRequest) => {
    requireRole(request.auth, ...CONFIGURATION_READERS);
    requirePathTenant(request.auth, request.params.merchant, request.params.channel);
  };

  app.put(`${BASE}/:configurationId`, {
    schema: { params: configurationParams, body: { type: 'object', description: 'A ConfigurationDocument (see components); validated by the service itself, every problem listed.' }, summary: 'Create or replace a configuration (admin, service)', response: docs.putConfigurationResponses },
    preValidation: async (request: ConfigurationRequest) => {
      requireRole(request.auth, ...CONFIGURATION_WRITERS);
      requirePathTenant(request.auth, request.params.merchant, request.params.channel);
    },
  }, async (request: ConfigurationRequest, reply) => {
    const outcome = await domain.putConfiguration(request.auth.tenant, request.params.configurationId, request.body);
    if (!outcome.ok) throw badRequest(outcome.failure.code, outcome.failure.message, outcome.failure.details);
    return reply.status(outcome.created ? 201 : 200).send(toConfigurationBody(outcome.configuration));
  });

  app.get(`${BASE}/:configurationId`, { schema: { params: configurationParams, summary: 'Read a configuration', response: docs.getConfigurationResponses }, preValidation: asReader }, async (request: ConfigurationRequest) => {
    const configuration = await domain.getConfiguration(request.auth.tenant, request.params.configurationId);
    if (!configuration) throw notFound(`Configuration ${request.params.configurationId} was not found in this channel.`, 'configuration_not_found');
    return toConfigurationBody(configuration);
  });

  app.get(BASE, { schema: { params: channelParams, summary: "List the channel's configurations", response: docs.listConfigurationsResponses }, preValidation: asReader }, async (request: ChannelRequest) => ({
    items: (await domain.listConfigurations(request.auth.tenant)).map(toConfigurationBody),
  }));

  // The read adapters use; the body is the configuration document itself.
  app.get('/merchants/:merchantId/channels/:channelId/configurations/:adapterId', {
    schema: { params: adapterReadParams, summary: "An adapter reads its configuration (the adapter itself, or a service token)", response: docs.adapterReadResponses },
    preValidation: async (request: AdapterReadRequest) => {
      requirePathTenant(request.auth, request.params.merchantId, request.params.channelId);
      requireAdapterRead(request.auth, request.params.adapterId);
    },
  }, async (request: AdapterReadRequest, reply) => {
    const { adapterId } = request.params;
    const document = await domain.readConfigurationForAdapter(request.auth.tenant, adapterId, { reveal: mayReveal(request.auth.principal, adapterId) });
    if (!document) throw notFound('Configuration is missing for this channel.', 'configuration_missing');
    return reply.header('cache-control', 'no-store').send(document);
  });

  app.get('/openapi/v1/schemas/:name', { config: { public: true }, schema: { summary: 'The JSON Schemas this service serves (basic-configuration, static_notifications)', response: docs.servedSchemaResponses } }, async (request: FastifyRequest<{ Params: { name: string } }>, reply) => {
    const name = request.params.name.replace(/\.json$/, '');
    const served = Object.hasOwn(SERVED_SCHEMAS, name) ? SERVED_SCHEMAS[name as keyof typeof SERVED_SCHEMAS] : undefined;
    if (!served) throw notFound(`No schema ${request.params.name} is served here.`, 'schema_not_found');
    return reply.type('application/schema+json').send(loadSchemaFile(served.file));
  });
}
