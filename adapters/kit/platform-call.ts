/** The platform's JSON client, as adapters use it (the kit's clients are built on it). */
export { PlatformCallError } from '../../platform/http-client/platform-call-error.js';
export { callJson, type CallOptions } from '../../platform/http-client/http-client.js';
