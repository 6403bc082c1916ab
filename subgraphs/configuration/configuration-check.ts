import type { Tenant } from '../../platform/auth/principal.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { notificationSchemaError } from '../../platform/json-schema/notification-schema.js';
import { SECRET_MASK, sealSecrets, secretPointers, splitSecrets, type SecretValues } from './configuration-secrets.js';
import { mergeDetails, validateBasic, validateWith, type ConfigurationErrorDetail, type ConfigurationFailure } from './configuration.validator.js';
import { getAt, isObject, setAt, cloneJson, type JsonObject } from './json-pointer.js';
import { STATIC_NOTIFICATIONS_ID, STATIC_NOTIFICATIONS_SCHEMA_ID } from './local-schemas.js';
import { SchemaResolutionError, type SchemaResolver } from './schema-resolver.usecase.js';
import { checkRegisteredUrl } from '../../platform/outbound/outbound-guard.js';

export interface CheckInput {
  tenant: Tenant;
  /** The configuration id the caller writes (path or mutation argument). */
  id: string;
  document: unknown;
  resolver: SchemaResolver;
  box: SecretBox;
  /** The secrets stored now, asked for only when the document carries the mask. */
  storedSecrets: () => SecretValues;
}

export type CheckResult =
  | { ok: true; schemaUrl: string; document: JsonObject; sealedSecrets: string | null }
  | { ok: false; failure: ConfigurationFailure };

const refuse = (code: ConfigurationFailure['code'], message: string, details: ConfigurationErrorDetail[]): CheckResult => ({
  ok: false,
  failure: { code, message, details },
});

/**
 * Everything a configuration must pass before it is stored, every problem listed with its JSON
 * pointer: the basic schema; `id` equal to the written id and to the id its schema is for; a
 * usable `$schema` (see SchemaResolver); stored secrets kept where the mask is sent; the adapter
 * schema. On success: the document without its secrets, and the secrets sealed for the column.
 */
export async function checkConfiguration(input: CheckInput): Promise<CheckResult> {
  const { document, id } = input;
  if (!isObject(document)) {
    return refuse('invalid_configuration', 'A configuration must be a JSON object.', [{ pointer: '', message: 'must be object', keyword: 'type', schema: 'basic' }]);
  }
  const basic = validateBasic(document);
  const idRule: ConfigurationErrorDetail[] =
    typeof document.id === 'string' && document.id !== id
      ? [{ pointer: '/id', message: `must equal the configuration id "${id}"`, keyword: 'id', schema: 'basic' }]
      : [];
  if (basic.some((detail) => detail.pointer === '/$schema')) {
    return invalidConfiguration(id, mergeDetails(basic, idRule));
  }

  const schemaUrl = document.$schema as string;
  let resolved;
  try {
    resolved = await input.resolver.resolve(schemaUrl);
  } catch (error) {
    if (!(error instanceof SchemaResolutionError)) throw error;
    return refuse(error.code, error.message, mergeDetails(error.details, basic, idRule));
  }

  const schemaRules: ConfigurationErrorDetail[] = [];
  if (id === STATIC_NOTIFICATIONS_ID && resolved.configurationId !== STATIC_NOTIFICATIONS_ID) {
    schemaRules.push({ pointer: '/$schema', message: `must be "${STATIC_NOTIFICATIONS_SCHEMA_ID}" for the ${STATIC_NOTIFICATIONS_ID} configuration`, keyword: '$schema', schema: 'adapter' });
  }
  if (resolved.configurationId !== undefined && typeof document.id === 'string' && document.id !== resolved.configurationId) {
    schemaRules.push({ pointer: '/id', message: `must equal "${resolved.configurationId}", the id its schema is for`, keyword: 'id', schema: 'adapter' });
  }

  if (resolved.configurationId === STATIC_NOTIFICATIONS_ID) schemaRules.push(...notificationSchemaProblems(document), ...(await notificationAddressProblems(document)));

  const pointers = secretPointers(resolved.schema, document);
  const { restored, problems } = keepMaskedSecrets(document, pointers, input.storedSecrets);
  const adapter = validateWith(resolved.validate, restored);
  const details = mergeDetails(basic, idRule, schemaRules, problems, adapter);
  if (details.length > 0) return invalidConfiguration(id, details);

  const { document: stripped, secrets } = splitSecrets(restored, secretPointers(resolved.schema, restored));
  return { ok: true, schemaUrl, document: stripped, sealedSecrets: sealSecrets(input.box, input.tenant, id, secrets) };
}

/** Each static notification's `schema` must compile, or every order created in the channel would be refused. */
function notificationSchemaProblems(document: JsonObject): ConfigurationErrorDetail[] {
  const notifications = (document.order as { notifications?: unknown } | undefined)?.notifications;
  if (!Array.isArray(notifications)) return [];
  return notifications.flatMap((notification: unknown, index): ConfigurationErrorDetail[] => {
    const schema = isObject(notification) ? notification.schema : undefined;
    if (!isObject(schema) && typeof schema !== 'boolean') return []; // the schema's own type rule reports it
    const problem = notificationSchemaError(schema as boolean | Record<string, unknown>);
    return problem ? [{ pointer: `/order/notifications/${index}/schema`, message: `is not a valid JSON Schema: ${problem}`, keyword: 'schema', schema: 'adapter' }] : [];
  });
}

/** Each static notification's `invoke` must be an address the platform may call (docs/outbound.md). */
async function notificationAddressProblems(document: JsonObject): Promise<ConfigurationErrorDetail[]> {
  const notifications = (document.order as { notifications?: unknown } | undefined)?.notifications;
  if (!Array.isArray(notifications)) return [];
  const checked = await Promise.all(
    notifications.map(async (notification: unknown, index) => {
      const invoke = isObject(notification) ? notification.invoke : undefined;
      if (typeof invoke !== 'string') return []; // the schema's own rules report it
      const verdict = await checkRegisteredUrl(invoke);
      return verdict.allowed === false
        ? [{ pointer: `/order/notifications/${index}/invoke`, message: `${invoke} is refused by the outbound address policy: ${verdict.reason}`, keyword: 'outbound', schema: 'adapter' as const }]
        : [];
    }),
  );
  return checked.flat();
}

const invalidConfiguration = (id: string, details: ConfigurationErrorDetail[]) =>
  refuse('invalid_configuration', `Configuration ${id} is invalid (${details.length} ${details.length === 1 ? 'error' : 'errors'}); see details.`, details);

/** The document with the stored value wherever a secret field carries the mask. */
function keepMaskedSecrets(document: JsonObject, pointers: string[], storedSecrets: () => SecretValues) {
  const masked = pointers.filter((pointer) => getAt(document, pointer) === SECRET_MASK);
  if (masked.length === 0) return { restored: document, problems: [] };
  const stored = storedSecrets();
  const restored = cloneJson(document);
  const problems: ConfigurationErrorDetail[] = [];
  for (const pointer of masked) {
    if (Object.hasOwn(stored, pointer)) setAt(restored, pointer, stored[pointer]);
    else problems.push({ pointer, message: 'is the secret mask, but no secret is stored here to keep', keyword: 'writeOnly', schema: 'adapter' });
  }
  return { restored, problems };
}
