import { send } from '../conformance-http.js';
import { CheckFailure } from '../conformance.types.js';
import type { Check } from './check.js';
import { platformCallbacks } from './platform-callbacks.js';

/** An adapter id no adapter has: its tokens stand for "another adapter". */
const OTHER_ADAPTER = 'conformance_other_adapter';
const refused = (status: number) => status === 401 || status === 403;

/** Each platform callback refuses a caller without a token, a storefront, another adapter's token and a call token for another adapter. */
export const callbacksRefuseOutsidersCheck: Check = {
  name: 'platform callbacks refuse outsiders, storefront tokens and other adapters (401/403)',
  async run(context) {
    const callbacks = await platformCallbacks(context);
    if (callbacks.length === 0) throw new CheckFailure('the adapter registered no callback (amountChanged for a provider session, a lifecycle callback, a hook, …)');
    const problems: string[] = [];
    for (const callback of callbacks) {
      const body = JSON.stringify(callback.body);
      const callers: Array<[string, () => Promise<Record<string, string>>]> = [
        ['without a token', async () => ({ 'x-merchant': context.tenant.merchant, 'x-channel': context.tenant.channel })],
        ['with a storefront token', () => context.headers('storefront')],
        ['with another adapter\'s token', () => context.headers('adapter', context.tenant, OTHER_ADAPTER)],
        ['with a call token for another adapter', () => context.platform.signer.headersFor({ tenant: context.tenant, receiver: OTHER_ADAPTER, orderId: context.created().orderId, purpose: callback.purpose, method: 'POST', url: callback.url, body })],
      ];
      for (const [who, headers] of callers) {
        const answer = await send('POST', callback.url, { headers: await headers(), body });
        if (!refused(answer.status)) problems.push(`${callback.label} (POST ${callback.url}) ${who} answered ${answer.status}`);
      }
    }
    if (problems.length > 0) throw new CheckFailure(problems.join('; '));
    return callbacks.map((c) => c.label).join(', ');
  },
};

/** Each callback but the lifecycle ones (which act) takes a call signed by the platform for it. */
export const callbacksAcceptPlatformCheck: Check = {
  name: 'platform callbacks accept calls signed by the platform for this adapter',
  async run(context) {
    const callbacks = (await platformCallbacks(context)).filter((c) => ['amount_changed', 'hook', 'validation', 'notification'].includes(c.purpose));
    const problems: string[] = [];
    for (const callback of callbacks) {
      const answer = await context.platformCall(callback.url, callback.purpose, callback.body);
      // amountChanged with the payment's own amount must succeed; a hook or validation may veto (4xx) but not refuse the caller.
      const ok = callback.purpose === 'amount_changed' ? answer.status >= 200 && answer.status < 300 : !refused(answer.status) && answer.status < 500;
      if (!ok) problems.push(`${callback.label} (POST ${callback.url}) answered ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    if (problems.length > 0) throw new CheckFailure(problems.join('; '));
    return callbacks.map((c) => c.label).join(', ');
  },
};
