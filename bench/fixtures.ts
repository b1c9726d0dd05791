// The collections the bench reads (and the Chromium measurements open): one the size of a busy lab
// order (20 cases, 300 notes and messages) and one with a long timeline (2,000 messages). Made with the
// server's own factories on top of the seeded data set, and found again by their patient reference on
// every later run, so the figures of two runs read the same rows.
import { and, asc, eq, isNotNull, notLike, sql } from 'drizzle-orm';
import { messageTypeCodes, type MessageTypeCode } from '@lab/domain';
import { inTransaction, type Db, type Tx } from '../packages/server/src/db/client';
import { cases, collections, messages, users } from '../packages/server/src/db/schema/index';
import { messageTypeList } from '../packages/server/src/db/seed/reference-data/lists';
import { copyChecklist } from '../packages/server/src/modules/collections/add-component';
import { createCollection, createImplant } from '../packages/server/src/testing/factories';

export type BenchFixtures = {
  collection20: { uid: string; portal_key: string; case_uid: string };
  collection2000: { uid: string };
  /** The demo lab's first collection with a portal link: the portal page as a client opens it (issue 30). */
  demoPortal: { uid: string; portal_key: string };
  /**
   * The collections the write rows post to, so the read rows keep reading the same rows; many, as a
   * lab's writes spread over its orders (one row written by every request would measure its lock).
   */
  writes: { uid: string; portal_key: string; case_uid: string; case_id: number }[];
};

const reference20 = 'Bench fixture: 20 cases, 300 messages';
const reference2000 = 'Bench fixture: 2,000 messages';
const referenceWrites = (n: number) => `Bench fixture: writes ${n + 1}`;
const writeCollections = 50;
// Taken inside the creating transaction, so two processes starting on one PostgreSQL make one set.
const fixtureLockKey = 1_515_015;

const visibilityOf = new Map(messageTypeList.map((m) => [m.code, m.visibility]));
const directionOf = (type: MessageTypeCode) =>
  type === 'CLIENT_MESSAGE' ? 'INBOUND' : visibilityOf.get(type) === 'CLIENTS' ? 'OUTBOUND' : 'STATIC';

const findFixture = async (tx: Tx, reference: string) => {
  const [row] = await tx
    .select({ uid: collections.uid, portal_key: collections.portal_key })
    .from(collections)
    .where(eq(collections.patient_reference, reference))
    .limit(1);
  if (!row) return null;
  const [first] = await tx
    .select({ uid: cases.uid, case_id: cases.case_id })
    .from(cases)
    .where(eq(cases.collection_uid, row.uid))
    .orderBy(cases.ordinal)
    .limit(1);
  return {
    uid: row.uid,
    portal_key: row.portal_key ?? '',
    case_uid: first?.uid ?? '',
    case_id: first?.case_id ?? 0,
  };
};

/** `count` messages of every type, spread over the cases and the last `count` hours, oldest first. */
const addMessages = async (tx: Tx, collectionUid: string, caseUids: string[], count: number) => {
  const [author] = await tx
    .select({ id: users.id, name: sql<string>`${users.first_name} || ' ' || ${users.last_name}` })
    .from(users)
    .where(eq(users.username, 'designer'))
    .limit(1);
  const start = Date.now() - count * 3_600_000;
  const rows = Array.from({ length: count }, (_, i) => {
    const type = messageTypeCodes[i % messageTypeCodes.length] ?? 'CASE_NOTE';
    const isClient = type === 'CLIENT_MESSAGE';
    return {
      case_collection_uid: collectionUid,
      // Every fifth one is about the whole collection rather than one case.
      case_uid: i % 5 === 0 ? null : (caseUids[i % caseUids.length] ?? null),
      message_type: type,
      visibility: visibilityOf.get(type) ?? 'STAFF',
      direction: directionOf(type),
      author_reference: isClient ? 'Reception' : (author?.name ?? 'Designer'),
      author_user_id: isClient ? null : (author?.id ?? null),
      note: `Bench message ${i + 1}: please check the margin on the upper left and confirm the shade before milling.`,
      resolvable: type === 'ALERTING_MESSAGE' || type === 'CUSTOMER_SERVICE_NOTE',
      resolved_at: i < count - 30 ? new Date(start + (i + 1) * 3_600_000) : null,
      created_at: new Date(start + i * 3_600_000),
    };
  });
  // Batches keep each statement well under the parameter limit.
  for (let i = 0; i < rows.length; i += 500) await tx.insert(messages).values(rows.slice(i, i + 500));
};

const createFixture = async (tx: Tx, reference: string, caseCount: number, messageCount: number) => {
  // The factories run their own (nested) transaction on whatever handle they are given.
  const db = tx as unknown as Db;
  const created = await createCollection(db, {
    patientReference: reference,
    clientName: 'Bench Fixture Dental',
    cases: Array.from({ length: caseCount }, (_, i) => ({
      jobTypeName: i % 2 === 0 ? 'Screw-Retained Bridge' : 'Screw-Retained Crown',
      dentate: i % 3 === 0 ? 'LOWER' : 'UPPER',
    })),
  });
  for (const [i, row] of created.cases.entries()) {
    await copyChecklist(tx, row.uid, row.job_type_id);
    await createImplant(db, row.uid, { tooth: 11 + (i % 8) });
    if (i % 2 === 0) await createImplant(db, row.uid, { tooth: 21 + (i % 8) });
  }
  await addMessages(
    tx,
    created.uid,
    created.cases.map((c) => c.uid),
    messageCount,
  );
};

// The seed makes the demo lab before the generated collections: its collections come first by id.
const findDemoPortal = async (tx: Tx) => {
  const [row] = await tx
    .select({ uid: collections.uid, portal_key: collections.portal_key })
    .from(collections)
    .where(and(isNotNull(collections.portal_key), notLike(collections.patient_reference, 'Bench fixture%')))
    .orderBy(asc(collections.collection_id))
    .limit(1);
  return row?.portal_key ? { uid: row.uid, portal_key: row.portal_key } : null;
};

/** Finds the bench's collections, creating them the first time (on PGlite or PostgreSQL alike). */
export const ensureBenchFixtures = async (db: Db): Promise<BenchFixtures> =>
  inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${fixtureLockKey})`);
    if (!(await findFixture(tx, reference20))) await createFixture(tx, reference20, 20, 300);
    if (!(await findFixture(tx, reference2000))) await createFixture(tx, reference2000, 3, 2_000);
    const writes = [];
    for (let n = 0; n < writeCollections; n += 1) {
      if (!(await findFixture(tx, referenceWrites(n)))) await createFixture(tx, referenceWrites(n), 1, 0);
      const found = await findFixture(tx, referenceWrites(n));
      if (found) writes.push(found);
    }
    const collection20 = await findFixture(tx, reference20);
    const collection2000 = await findFixture(tx, reference2000);
    const demoPortal = await findDemoPortal(tx);
    if (!collection20 || !collection2000 || !demoPortal || writes.length < writeCollections) {
      throw new Error('the bench fixtures were not created');
    }
    return { collection20, collection2000: { uid: collection2000.uid }, demoPortal, writes };
  });
