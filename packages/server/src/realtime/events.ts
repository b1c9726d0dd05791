import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../db/client';

// Realtime events (domain-decisions 'Realtime'). An event only says what changed (ids); open pages then
// refetch through the ordinary calls, so the stream never carries data a call would not show.

export type RealtimeEvent =
  { type: 'collection'; uid: string } | { type: 'notification'; user_id: number; notification_uid: string };

/** The one database channel every server process listens on. */
export const realtimeChannel = 'lab_realtime';

// A NOTIFY payload must stay under 8000 bytes; one event is under 100.
const eventsPerNotify = 50;

const eventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('collection'), uid: z.uuid() }),
  z.object({ type: z.literal('notification'), user_id: z.number().int(), notification_uid: z.uuid() }),
]);
const payloadSchema = z.array(eventSchema);

/**
 * Sends events through NOTIFY. PostgreSQL (and PGlite) deliver a NOTIFY when its transaction commits and
 * drop it on rollback, so a page never refetches before the change is visible, nor for a change that was
 * rolled back. Called outside a transaction, the events go at once.
 */
export const publishRealtimeEvents = async (
  q: Queryable,
  events: readonly RealtimeEvent[],
): Promise<void> => {
  for (let start = 0; start < events.length; start += eventsPerNotify) {
    const payload = JSON.stringify(events.slice(start, start + eventsPerNotify));
    await q.execute(sql`SELECT pg_notify(${realtimeChannel}, ${payload})`);
  }
};

/** Tells open pages that a collection changed (call it inside the transaction of the change). */
export const publishCollectionChanged = (tx: Queryable, collectionUid: string): Promise<void> =>
  publishRealtimeEvents(tx, [{ type: 'collection', uid: collectionUid }]);

/** Tells each employee's open pages that a notification of theirs was created or changed. */
export const publishNotificationEvents = (
  tx: Queryable,
  items: readonly { user_id: number; notification_uid: string }[],
): Promise<void> =>
  publishRealtimeEvents(
    tx,
    items.map((item) => ({ type: 'notification', ...item })),
  );

/** The events of one NOTIFY payload; a payload that is not ours is dropped. */
export const parseRealtimePayload = (payload: string): RealtimeEvent[] => {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
};
