import { sql } from 'drizzle-orm';
import pg from 'pg';
import { realtimeChannel, type RealtimeEvent } from '../realtime/events';
import type { TestApp } from '../testing';

// What the cache tests need of the database channel: an event from another process, and waiting for it.

/**
 * NOTIFY as another server process would send it: on PostgreSQL through a connection of its own. Its
 * items are events, and may be anything else such a process sends (its origin mark, a kind from a newer
 * release).
 */
export const notifyFromElsewhere = async (
  test: TestApp,
  items: readonly (RealtimeEvent | Record<string, unknown>)[],
): Promise<void> => {
  const payload = JSON.stringify(items);
  const client: unknown = (test.db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const other = new pg.Client(client.options);
    await other.connect();
    await other.query('SELECT pg_notify($1, $2)', [realtimeChannel, payload]);
    await other.end();
  } else {
    await test.db.execute(sql`SELECT pg_notify(${realtimeChannel}, ${payload})`);
  }
};

/** Until `check` holds (an event from elsewhere arrives a moment after its NOTIFY). */
export const eventually = async (check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
