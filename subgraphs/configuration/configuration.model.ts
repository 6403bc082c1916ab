import type { Prisma } from '../../platform/db/generated/client.js';
import type { JsonObject } from './json-pointer.js';

export type { ConfigurationErrorDetail, ConfigurationFailure } from './configuration.validator.js';

/** A row of `configurations`: `document` without its secrets, `secrets` sealed (see configuration-secrets.ts). */
export type ConfigurationRecord = Prisma.ConfigurationGetPayload<object>;

/**
 * A configuration as every reader but the adapter itself sees it: secrets masked. The REST body
 * of one configuration, and the GraphQL `Configuration`.
 */
export interface ConfigurationView {
  id: string;
  schemaUrl: string;
  version: number;
  /** The document's `active`; null when it does not say. */
  active: boolean | null;
  createdAt: Date;
  updatedAt: Date;
  /** JSON pointers of the fields holding a stored secret. */
  secretPointers: string[];
  /** The configuration document with `********` at each secret pointer. */
  document: JsonObject;
}

/** The JSON body of a configuration on REST (dates as ISO strings). */
export const toConfigurationBody = (view: ConfigurationView) => ({
  id: view.id,
  schemaUrl: view.schemaUrl,
  version: view.version,
  active: view.active,
  createdAt: view.createdAt.toISOString(),
  updatedAt: view.updatedAt.toISOString(),
  secretPointers: view.secretPointers,
  document: view.document,
});
