import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, notifyFromElsewhere } from '../cache/realtime-test-kit';
import { inTransaction } from '../db/client';
import { createTestApp, type TestApp } from '../testing';
import { publishRealtimeEvents, type RealtimeEvent } from './events';
import { createRealtimeBus, type RealtimeBus } from './realtime-bus';

// The bus hands a process's caches each event once: their own at commit (the database's copy of it,
// a moment later, goes only to the streams), another process's when the database delivers it. On
// PostgreSQL the other process is a connection of its own; on PGlite the NOTIFY is sent in the process.

let test: TestApp;
let bus: RealtimeBus;
const stale: RealtimeEvent[] = [];
const delivered: RealtimeEvent[] = [];

const collectionEvent = (): RealtimeEvent => ({ type: 'collection', uid: randomUUID() });
const countOf = (events: RealtimeEvent[], event: RealtimeEvent) =>
  events.filter((heard) => JSON.stringify(heard) === JSON.stringify(event)).length;

beforeAll(async () => {
  test = await createTestApp();
  bus = createRealtimeBus(test.db, test.app.log);
  bus.subscribe({ onStale: (event) => stale.push(event), onEvent: (event) => delivered.push(event) });
  await bus.start();
});

afterAll(async () => {
  await bus.stop();
  await test.close();
});

describe('the realtime bus', () => {
  it("tells this process's caches of its own event once, at commit, and its streams once", async () => {
    const event = collectionEvent();
    await inTransaction(test.db, (tx) => publishRealtimeEvents(tx, [event]));
    expect(countOf(stale, event)).toBe(1);
    await eventually(async () => countOf(delivered, event) === 1);
    // A later event from elsewhere has come through the channel too, so the copy is not still on its way.
    const later = collectionEvent();
    await notifyFromElsewhere(test, [later]);
    await eventually(async () => countOf(delivered, later) === 1);
    expect(countOf(stale, event)).toBe(1);
    expect(countOf(delivered, event)).toBe(1);
  });

  it("tells the caches and streams of another process's events, with or without its mark", async () => {
    const unmarked = collectionEvent();
    const marked = collectionEvent();
    await notifyFromElsewhere(test, [unmarked]);
    await notifyFromElsewhere(test, [{ type: 'origin', process: '0123456789abcdef' }, marked]);
    await eventually(async () => countOf(delivered, marked) === 1);
    for (const event of [unmarked, marked]) {
      expect(countOf(stale, event)).toBe(1);
      expect(countOf(delivered, event)).toBe(1);
    }
  });

  it('skips an event of a kind it does not know and keeps the others of the payload', async () => {
    const known = collectionEvent();
    await notifyFromElsewhere(test, [{ type: 'from_a_newer_release' }, known]);
    await eventually(async () => countOf(delivered, known) === 1);
    expect(countOf(stale, known)).toBe(1);
    expect(delivered.map((event) => event.type as string)).not.toContain('from_a_newer_release');
  });
});
