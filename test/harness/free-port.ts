/** Test side of the platform's port helper. */
export { freePort, holdPort, listenOnHeld } from '../../platform/net/ports.js';

/**
 * An origin where every connection is refused, whatever else runs on the machine: port 1 on
 * loopback, where nothing listens. (A port from freePort is free only at the moment it is picked:
 * a service of another test file may be given it a moment later.)
 */
export const REFUSING_ORIGIN = 'http://127.0.0.1:1';
