import { describe, expect, it } from '@jest/globals';
import { notificationsOf } from './pg-notifier.js';

describe('notificationsOf', () => {
  const change = (id: string, version: number) => JSON.stringify({ merchant: 'm', channel: 'web', id, version });

  it('sends each payload of an unlisted channel as it was published', () => {
    expect(notificationsOf([['a', 'one'], ['a', 'two']], {})).toEqual([['a', 'one'], ['a', 'two']]);
  });

  it('packs a packed channel into one JSON array, in publishing order', () => {
    const sent = notificationsOf([['changes', change('o1', 2)], ['other', 'x'], ['changes', change('o2', 5)]], { changes: 'packed' });
    expect(sent).toEqual([['other', 'x'], ['changes', `[${change('o1', 2)},${change('o2', 5)}]`]]);
    expect(JSON.parse(sent[1]![1])).toEqual([JSON.parse(change('o1', 2)), JSON.parse(change('o2', 5))]);
  });

  it('splits a pack before it reaches the NOTIFY payload limit, losing nothing', () => {
    const published = Array.from({ length: 300 }, (_, i) => ['changes', change(`order-${String(i).padStart(40, '0')}`, i)] as [string, string]);
    const sent = notificationsOf(published, { changes: 'packed' });
    expect(sent.length).toBeGreaterThan(1);
    for (const [, payload] of sent) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(sent.flatMap(([, payload]) => JSON.parse(payload) as unknown[])).toEqual(published.map(([, payload]) => JSON.parse(payload)));
  });

  it('reduces a wake channel to one notification per batch, with the last payload', () => {
    expect(notificationsOf([['jobs', 'o1'], ['jobs', 'o2'], ['jobs', 'o3']], { jobs: 'wake' })).toEqual([['jobs', 'o3']]);
  });
});
