/** Test side of the platform's port helper. */
export { freePort, holdPort } from '../../platform/net/ports.js';
