import { describe, expect, it } from '@jest/globals';
import { hasValidWebhookSignature, signWebhookBody } from './webhook.signature.js';

describe('signed webhooks (HMAC-SHA256 of the exact body)', () => {
  const body = '{"type":"session.paid","session":{"id":"s-1"}}';

  it('accepts the signature made with the same secret over the same text', () => {
    expect(signWebhookBody(body, 'key')).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(hasValidWebhookSignature(body, signWebhookBody(body, 'key'), 'key')).toBe(true);
  });

  it('refuses another secret, another body (even the same JSON spaced otherwise), a missing or repeated header', () => {
    const signature = signWebhookBody(body, 'key');
    expect(hasValidWebhookSignature(body, signature, 'other-key')).toBe(false);
    expect(hasValidWebhookSignature(JSON.stringify(JSON.parse(body), null, 1), signature, 'key')).toBe(false);
    expect(hasValidWebhookSignature(body, undefined, 'key')).toBe(false);
    expect(hasValidWebhookSignature(body, [signature, signature], 'key')).toBe(false);
    expect(hasValidWebhookSignature(body, signature.slice(0, -1), 'key')).toBe(false);
  });
});
