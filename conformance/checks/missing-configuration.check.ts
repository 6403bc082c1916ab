import { randomBytes } from 'node:crypto';
import { CheckFailure } from '../conformance.types.js';
import type { Check } from './check.js';

const MESSAGE = 'Configuration is missing for this channel.';

/** In a channel where the adapter has no configuration, create answers 400 with the spec's message. */
export const missingConfigurationCheck: Check = {
  name: `missing configuration: create answers 400 "${MESSAGE}"`,
  async run(context) {
    const bare = { merchant: context.tenant.merchant, channel: `conformance-${randomBytes(4).toString('hex')}` };
    const orderId = await context.newOrder(bare);
    const answer = await context.create(orderId, bare);
    if (answer.status !== 400 || answer.body?.message !== MESSAGE) {
      throw new CheckFailure(`create in unconfigured channel ${bare.channel} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  },
};
