import DataLoader from 'dataloader';
import type { AuthContext } from '../../platform/auth/principal.js';
import type { ConfigurationDomain } from './configuration.domain.js';
import type { ConfigurationView } from './configuration.model.js';

export interface ConfigurationContext {
  auth: AuthContext;
  domain: ConfigurationDomain;
  /** Masked configurations of the caller's channel by id, batched per request. */
  configurations: DataLoader<string, ConfigurationView | null>;
}

export function createConfigurationContext(domain: ConfigurationDomain, auth: AuthContext): ConfigurationContext {
  return {
    auth,
    domain,
    configurations: new DataLoader((ids) => domain.getConfigurations(auth.tenant, ids)),
  };
}
