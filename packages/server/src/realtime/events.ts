import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterCommit, collectBeforeCommit, type Queryable } from '../db/client';
import { cases } from '../db/schema/index';

// Realtime events (domain-decisions 'Realtime'). An event only says what changed (ids); open pages then
// refetch through the ordinary calls, so the stream never carries data a call would not show. The same
// events tell every process's in-process caches what to drop (cache/event-cache.ts).

/** The cached lists an admin (or a seed, or the user CLI) may change. */
export const referenceLists = [
  'statuses',
  'employees',
  'branches',
  'materials',
  'material_types',
  'job_types',
  'kits',
  'partners',
  'message_types',
  'approval_types',
  'order_stages',
  'implant_catalogue',
  'checklist_templates',
  'printers',
  'couriers',
] as const;
export type ReferenceList = (typeof referenceLists)[number];

export type RealtimeEvent =
  | { type: 'collection'; uid: string }
  | { type: 'notification'; user_id: number; notification_uid: string }
  /**
   * A new order became a collection (from a platform or the front desk): the Check-in desks refetch
   * their lists. branch_id null: the order names no branch yet, so every branch's desk shows it.
   */
  | { type: 'order_arrived'; uid: string; branch_id: number | null }
  /**
   * A client wrote (a portal message, an approval answer) or the desk marked an inbox item: the Customer
   * Service inboxes read theirs again. branch_id null: every branch's inbox.
   */
  | { type: 'client_waiting'; uid: string; branch_id: number | null }
  /** A collection's file lock was taken, renewed or released. */
  | { type: 'file_lock'; uid: string }
  /** A session ended (logout): its tokens and streams stop at once in every process. */
  | { type: 'session_ended'; session_id: string }
  /** An employee's record changed (branch, flags, active): their cached tokens must be read again. */
  | { type: 'user'; user_id: number }
  | { type: 'reference'; list: ReferenceList }
  /** A portal or partner key missed from this IP: its guess count is read again (auth/key-guess-limits.ts). */
  | { type: 'key_guess_missed'; ip: string }
  /** Bulk changes (a seed): every cache of every process starts over. */
  | { type: 'reset' };

/** The one database channel every server process listens on. */
export const realtimeChannel = 'lab_realtime';

// A NOTIFY payload must stay under 8000 bytes; one event is under 100.
const eventsPerNotify = 50;

// Every payload this process sends starts with this mark, so its bus can tell its own events when the
// database hands them back: their caches heard them at commit already (listenLocally), and a second
// hearing cost, for a reset, a second build of the search indexes. That hearing is after the commit
// (inTransaction's afterCommit), so no load can read the old rows after it; a transaction not run by
// inTransaction would hear them before its commit, with no later copy to mend it. A mark is an item of
// a kind older processes skip, so a rolling deploy still hears every event.
const thisProcess = randomBytes(8).toString('hex');
const originMark = { type: 'origin', process: thisProcess } as const;
const originSchema = z.object({ type: z.literal('origin'), process: z.string() });

// Ids as the database's uuid type takes them (any 8-4-4-4-12 hex, z.guid), not only RFC 9562 ones
// (z.uuid): an id the database holds but zod refused would drop its event in every other process, whose
// caches and streams would then never hear the change.
const eventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('collection'), uid: z.guid() }),
  z.object({ type: z.literal('notification'), user_id: z.number().int(), notification_uid: z.guid() }),
  z.object({ type: z.literal('order_arrived'), uid: z.guid(), branch_id: z.number().int().nullable() }),
  z.object({ type: z.literal('client_waiting'), uid: z.guid(), branch_id: z.number().int().nullable() }),
  z.object({ type: z.literal('file_lock'), uid: z.guid() }),
  z.object({ type: z.literal('session_ended'), session_id: z.guid() }),
  z.object({ type: z.literal('user'), user_id: z.number().int() }),
  z.object({ type: z.literal('reference'), list: z.enum(referenceLists) }),
  z.object({ type: z.literal('key_guess_missed'), ip: z.string().min(1).max(100) }),
  z.object({ type: z.literal('reset') }),
]);

type LocalListener = (events: readonly RealtimeEvent[]) => void;
const localListeners = new Set<LocalListener>();

/**
 * Hears this process's own events as soon as their transaction commits, before the writer answers: the
 * database's NOTIFY reaches the LISTEN connection a moment later, and the writer's next read must not
 * be answered from a cache that has not heard it yet.
 */
export const listenLocally = (listener: LocalListener): (() => void) => {
  localListeners.add(listener);
  return () => {
    localListeners.delete(listener);
  };
};

/** Sends events in NOTIFY payloads of at most `eventsPerNotify`; this process's caches hear them after commit. */
const notifyEvents = async (q: Queryable, events: readonly RealtimeEvent[]): Promise<void> => {
  for (let start = 0; start < events.length; start += eventsPerNotify) {
    const payload = JSON.stringify([originMark, ...events.slice(start, start + eventsPerNotify)]);
    await q.execute(sql`SELECT pg_notify(${realtimeChannel}, ${payload})`);
  }
  afterCommit(q, () => {
    for (const listener of localListeners) listener(events);
  });
};

/** What a transaction marked changed: collections by uid, and cases whose collection is looked up once. */
type ChangedMark = `collection:${string}` | `case:${string}`;
/** What a transaction has to tell, sent together just before it commits. */
type Pending = ChangedMark | RealtimeEvent;

/**
 * One NOTIFY (per 50 events) for everything a transaction tells: its events, and one `collection` event
 * per collection it marked, however many times it was marked. A NOTIFY is one more statement of the
 * transaction, and commits that notify queue on PostgreSQL's notify lock.
 */
const sendPending = async (tx: Queryable, pending: ReadonlySet<Pending>): Promise<void> => {
  const collectionUids = new Set<string>();
  const caseUids: string[] = [];
  const events: RealtimeEvent[] = [];
  for (const item of pending) {
    if (typeof item !== 'string') {
      if (item.type === 'collection') collectionUids.add(item.uid);
      else events.push(item);
    } else if (item.startsWith('collection:')) collectionUids.add(item.slice('collection:'.length));
    else caseUids.push(item.slice('case:'.length));
  }
  if (caseUids.length > 0) {
    const rows = await tx
      .selectDistinct({ uid: cases.collection_uid })
      .from(cases)
      .where(inArray(cases.uid, caseUids));
    for (const row of rows) collectionUids.add(row.uid);
  }
  const all = [...[...collectionUids].map((uid) => ({ type: 'collection' as const, uid })), ...events];
  if (all.length > 0) await notifyEvents(tx, all);
};

const publishPending = async (q: Queryable, items: readonly Pending[]): Promise<void> => {
  let kept = true;
  for (const item of items) kept = collectBeforeCommit(q, 'realtime', item, sendPending);
  // Outside a transaction (a job's single statement, a test): at once.
  if (!kept && items.length > 0) await sendPending(q, new Set(items));
};

/**
 * Sends events through NOTIFY. PostgreSQL (and PGlite) deliver a NOTIFY when its transaction commits and
 * drop it on rollback, so a page never refetches before the change is visible, nor for a change that was
 * rolled back. Inside a transaction they go with its other events just before commit; outside one, at
 * once.
 */
export const publishRealtimeEvents = (q: Queryable, events: readonly RealtimeEvent[]): Promise<void> =>
  publishPending(q, events);

const markChanged = (q: Queryable, marks: readonly ChangedMark[]): Promise<void> => publishPending(q, marks);

/**
 * Tells open pages that a collection changed. Inside a transaction it marks the collection: one event
 * per collection is published just before commit (delivered on commit, dropped on rollback), however
 * many writes, audit rows and calls named it. Every audit row naming a collection or case marks it
 * (audit/write-audit-event.ts and the modules' audit writers), so a write with an audit row needs no call.
 */
export const publishCollectionChanged = (q: Queryable, collectionUid: string): Promise<void> =>
  markChanged(q, [`collection:${collectionUid}`]);

/** Tells open pages that the collections of these cases changed (marked as publishCollectionChanged). */
export const publishCasesChanged = (q: Queryable, caseUids: readonly string[]): Promise<void> =>
  markChanged(
    q,
    caseUids.map((uid) => `case:${uid}` as const),
  );

/** Tells each employee's open pages that a notification of theirs was created or changed. */
export const publishNotificationEvents = (
  tx: Queryable,
  items: readonly { user_id: number; notification_uid: string }[],
): Promise<void> =>
  publishRealtimeEvents(
    tx,
    items.map((item) => ({ type: 'notification', ...item })),
  );

/** Tells every process that a reference list changed (call it inside the transaction of the change). */
export const publishReferenceChanged = (tx: Queryable, ...lists: ReferenceList[]): Promise<void> =>
  publishRealtimeEvents(
    tx,
    lists.map((list) => ({ type: 'reference', list })),
  );

/** Tells every process that employees' records changed: their tokens and the employee list are read again. */
export const publishUsersChanged = (tx: Queryable, userIds: readonly number[]): Promise<void> =>
  publishRealtimeEvents(tx, [
    ...userIds.map((user_id) => ({ type: 'user' as const, user_id })),
    { type: 'reference', list: 'employees' },
  ]);

/** The events of one NOTIFY payload, and whether this process sent them (its caches heard them at commit). */
export type RealtimePayload = { events: RealtimeEvent[]; sentByThisProcess: boolean };

/**
 * Reads one NOTIFY payload. A payload that is not ours is dropped; an event of a kind this process does
 * not know (a newer process during a rolling deploy) is skipped, the others kept.
 */
export const parseRealtimePayload = (payload: string): RealtimePayload => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return { events: [], sentByThisProcess: false };
  }
  if (!Array.isArray(parsed)) return { events: [], sentByThisProcess: false };
  const origin = originSchema.safeParse(parsed[0]);
  const events = parsed.flatMap((item: unknown) => {
    const event = eventSchema.safeParse(item);
    return event.success ? [event.data] : [];
  });
  return { events, sentByThisProcess: origin.success && origin.data.process === thisProcess };
};
