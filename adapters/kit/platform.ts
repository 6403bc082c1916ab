/**
 * What adapters take from the platform, all through the kit: its errors (answered as JSON by
 * the kit's app), exact money, the caller's tenant, the API documents' schema helpers, what a service is built from, client
 * spans for calls to providers, signed webhooks' check, and the default time-outs of those calls (the settings' defaults). Lint lets adapters import nothing else of the platform.
 */
export { AppError, badRequest, forbidden, notFound, unauthorized } from '../../platform/errors/app-error.js';
export { equalAmounts, money, sum, toAmount } from '../../platform/money/money.js';
export { createSecretBox, type SecretBox } from '../../platform/crypto/secret-box.js';
export { WEBHOOK_SIGNATURE_HEADER, hasValidWebhookSignature } from '../../platform/crypto/webhook.signature.js';
export { withClientSpan } from '../../platform/telemetry/outbound.js';
export { empty, errors, json } from '../../platform/http/api-docs.schemas.js';
export type { Tenant } from '../../platform/auth/principal.js';
export type { ServiceDeps } from '../../platform/service-deps.js';
export { DEFAULT_TIMEOUTS } from '../../platform/env/env.config.js';
export type { Logger } from '../../platform/logging/logger.js';
