/** The adapter kit: the contract for payment adapters as a library (docs/adapter-kit.md). */
export { createAdapterKit, type AdapterKit, type AdapterKitOptions, type PaymentCallbackHandler, type PaymentCallbackRequest } from './adapter-kit.js';
export { ADAPTER_MANIFEST_PATH, type AdapterManifest, type StorefrontAction } from './adapter-manifest.js';
export { AdapterIdentity } from './adapter-identity.js';
export { ConfigurationClient, CONFIGURATION_MISSING } from './configuration.client.js';
export { OrderServiceClient, NO_TENANT, type NewHook, type NewNotification, type NewValidation, type PaymentLocation } from './order-service.client.js';
export { PaymentApiClient, type TransactionLog } from './payment-api.client.js';
export { SignedCallbackUrls } from './signed-callback-url.js';
export { createPayment, logFailedAttempt, ACTIVE_PAYMENT_EXISTS, type CreatePaymentSteps, type ProviderSession } from './create-payment.flow.js';
export { PlatformCallError, callJson } from './platform-call.js';
export { withTransaction, type PaymentProvider, type SessionPaymentProvider, type ProviderCall, type LifecycleCall, type ProviderResult, type WebhookRequest, type WebhookOutcome, type WebhookAction } from './payment-provider.js';
export { chosenAtProvider, chosenAtAProvider, shopShippingsOf } from './provider-shipping.rules.js';
export { mountPaymentProvider, mountPartPaymentProvider, type PartPaymentProvider, type MountOptions, type MountedProvider } from './payment-provider.runtime.js';
export { completeOrder, type CompletionSteps } from './order-completion.flow.js';
export { applyWebhookAction, WEBHOOK_OUTCOMES, type WebhookApplied } from './provider-webhook.runtime.js';
export { ProviderError, providerFailed } from './provider-error.js';
export { assertLabelledSchema, describeUnlabelled, unlabelledProperties, type UnlabelledProperty } from './configuration-schema.labels.js';
export { ProviderHttpClient, type ProviderAnswer, type ProviderErrorClass, type ProviderHttpOptions, type ProviderRefusal, type ProviderRequest } from './provider-http.client.js';
export { fillTemplate, orderValues, ownPayment, type TemplateValues } from './order-address.rules.js';
