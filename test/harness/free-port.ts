/** Test side of the platform's port helper. */
export { freePort } from '../../platform/net/ports.js';
