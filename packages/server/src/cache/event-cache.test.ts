import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishRealtimeEvents } from '../realtime/events';
import { createRealtimeBus, type RealtimeBus } from '../realtime/realtime-bus';
import { createTestApp, type TestApp } from '../testing';
import { createEventCache } from './event-cache';

// The weight budget of an event cache (the polled reads keep their answers' text up to a number of
// characters): the oldest entries go first to make room, a value heavier than the whole budget is
// answered but never kept, and what an event drops gives its room back.

let test: TestApp;
let bus: RealtimeBus;

beforeAll(async () => {
  test = await createTestApp();
  bus = createRealtimeBus(test.db, Fastify({ logger: false }).log);
  await bus.start();
});
afterAll(async () => {
  await bus.stop();
  await test.close();
});

/** A cache of texts by collection uid, weighed by length, that counts its loads. */
const textCache = (maxWeight: number) => {
  const loads: string[] = [];
  const cache = createEventCache<string, string>({
    bus,
    maxAgeMs: 60_000,
    maxWeight,
    weigh: (text) => text.length,
    staleAfter: (event) => (event.type === 'collection' ? [event.uid] : null),
  });
  const get = (key: string, text: string) =>
    cache.get(key, () => {
      loads.push(key);
      return Promise.resolve({ value: text });
    });
  return { cache, loads, get };
};

describe('an event cache with a weight budget', () => {
  it('drops the oldest entries to keep a new one within the budget', async () => {
    const { cache, loads, get } = textCache(10);
    await get('a', 'aaaa');
    await get('b', 'bbbb');
    expect(cache.size).toBe(2);
    await get('c', 'cccc');
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBe('bbbb');
    expect(cache.peek('c')).toBe('cccc');
    await get('b', 'changed');
    expect(loads).toEqual(['a', 'b', 'c']);
  });

  it('answers a value heavier than the budget without keeping it or dropping the others', async () => {
    const { cache, loads, get } = textCache(10);
    await get('a', 'aaaa');
    expect(await get('huge', 'x'.repeat(11))).toBe('x'.repeat(11));
    expect(cache.peek('huge')).toBeUndefined();
    expect(cache.peek('a')).toBe('aaaa');
    await get('huge', 'x'.repeat(11));
    expect(loads).toEqual(['a', 'huge', 'huge']);
  });

  it("gives an entry's room back when an event drops it", async () => {
    const { cache, get } = textCache(10);
    await get('a', 'aaaaa');
    await get('b', 'bbbbb');
    await publishRealtimeEvents(test.db, [{ type: 'collection', uid: 'a' }]);
    expect(cache.peek('a')).toBeUndefined();
    await get('c', 'ccccc');
    expect(cache.peek('b')).toBe('bbbbb');
    expect(cache.peek('c')).toBe('ccccc');
  });
});
