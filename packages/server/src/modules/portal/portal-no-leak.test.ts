import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalCollectionSchema, portalFileLinkSchema, type PortalCollection } from '@lab/domain';
import { selectRows } from '../../db/client';
import { seedDemoData } from '../../db/seed/demo';
import { createTestApp, type TestApp } from '../../testing';
import { createPortalCalls, jsonOf, keysIn } from './portal-test-kit';

// The demo lab as `npm start` seeds it, walked through the portal: for every collection with staff,
// sales or partner messages, each portal answer (the collection and a link to each listed file) must
// carry none of those messages' notes, no staff-only file, no key and no ordering-platform secret.

let test: TestApp;

type Walked = {
  uid: string;
  portalKey: string;
  portal: PortalCollection;
  /** Every JSON text the portal answered for this collection. */
  bodies: string[];
};

type Row = Record<string, unknown>;

// Seeding the 300 demo collections takes a while on a small machine.
const seedTimeout = 600_000;

let walked: Walked[] = [];
let allPortalKeys: string[] = [];

const rowsOf = <T extends Row>(query: ReturnType<typeof sql>) => selectRows<T>(test.db, query);

beforeAll(async () => {
  test = await createTestApp({ seedReference: false });
  await seedDemoData(test.db);
  allPortalKeys = (await rowsOf<{ portal_key: string }>(sql`SELECT portal_key FROM collections`)).map(
    (r) => r.portal_key,
  );
  const targets = await rowsOf<{ uid: string; portal_key: string }>(sql`
    SELECT c.uid, c.portal_key FROM collections c
    WHERE EXISTS (SELECT 1 FROM messages m
                  WHERE m.case_collection_uid = c.uid AND m.visibility IN ('STAFF', 'SALES', 'PARTNERS'))
    ORDER BY c.collection_id`);
  walked = [];
  for (const target of targets) {
    const calls = createPortalCalls(test, target.portal_key);
    const response = await calls.load();
    const portal = portalCollectionSchema.parse(jsonOf(response));
    const bodies = [response.body];
    const files = [
      ...portal.cases.flatMap((c) => c.order_files.map((f) => ['order_file', String(f.id)] as const)),
      ...portal.approvals.flatMap((a) =>
        a.approval_files.map((f) => ['approval_file', String(f.id)] as const),
      ),
      ...portal.messages.flatMap((m) => m.attachments.map((a) => ['message_attachment', a.uid] as const)),
    ];
    for (const [type, id] of files) {
      const link = await calls.file(type, id);
      portalFileLinkSchema.parse(jsonOf(link));
      bodies.push(link.body);
    }
    walked.push({ uid: target.uid, portalKey: target.portal_key, portal, bodies });
  }
}, seedTimeout);

afterAll(async () => {
  await test.close();
});

/** Texts that must never reach this collection's portal, less any the portal legitimately shows too. */
const forbiddenFor = async (walk: Walked) => {
  const staffNotes = await rowsOf<{ note: string }>(sql`
    SELECT m.note FROM messages m
    WHERE m.case_collection_uid = ${walk.uid} AND m.visibility <> 'CLIENTS'`);
  const clientNotes = await rowsOf<{ note: string }>(sql`
    SELECT m.note FROM messages m
    JOIN clients cl ON cl.uid = m.client_uid
    JOIN collections c ON c.shipping_client_id = cl.id
    WHERE c.uid = ${walk.uid}`);
  const shownNotes = new Set(walk.portal.messages.map((m) => m.note));
  const notes = [...staffNotes, ...clientNotes]
    .map((r) => r.note)
    .filter((n) => n.trim() && !shownNotes.has(n));
  const staffFiles = await rowsOf<{ filename: string }>(sql`
    SELECT f.filename FROM files f
    LEFT JOIN cases k ON k.uid = f.case_uid
    WHERE (f.collection_uid = ${walk.uid} OR k.collection_uid = ${walk.uid})
      AND f.file_category IN ('internal_file', 'note_attachment', 'outsource_sent_file',
                              'outsource_received_file', 'return_file', 'collection_file')`);
  const shownFiles = new Set([
    ...walk.portal.cases.flatMap((c) => c.order_files.map((f) => f.filename)),
    ...walk.portal.approvals.flatMap((a) => a.approval_files.map((f) => f.filename)),
    ...walk.portal.messages.flatMap((m) => m.attachments.map((a) => a.file_name)),
  ]);
  const fileNames = staffFiles.map((r) => r.filename).filter((n) => !shownFiles.has(n));
  return { notes, fileNames };
};

describe('the portal on the demo lab', () => {
  it('walks enough collections with staff, sales or partner messages', () => {
    expect(walked.length).toBeGreaterThanOrEqual(10);
    expect(walked.some((w) => w.portal.messages.length > 0)).toBe(true);
    expect(walked.some((w) => w.bodies.length > 3)).toBe(true);
  });

  it('never shows a staff, sales or partner note, nor a client-record note', async () => {
    let checked = 0;
    for (const walk of walked) {
      const { notes } = await forbiddenFor(walk);
      checked += notes.length;
      for (const body of walk.bodies) {
        expect({ collection: walk.uid, leaked: notes.filter((note) => body.includes(note)) }).toEqual({
          collection: walk.uid,
          leaked: [],
        });
      }
    }
    expect(checked).toBeGreaterThan(walked.length);
  });

  it('lists only CLIENTS messages of the collection itself', async () => {
    for (const walk of walked) {
      const uids = walk.portal.messages.map((m) => m.uid);
      if (uids.length === 0) continue;
      const rows = await rowsOf<{ uid: string; visibility: string; case_collection_uid: string }>(sql`
        SELECT uid, visibility, case_collection_uid FROM messages
        WHERE uid IN (${sql.join(
          uids.map((uid) => sql`${uid}::uuid`),
          sql`, `,
        )})`);
      expect(rows).toHaveLength(uids.length);
      for (const row of rows) {
        expect({ visibility: row.visibility, collection: row.case_collection_uid }).toEqual({
          visibility: 'CLIENTS',
          collection: walk.uid,
        });
      }
    }
  });

  it('never names a staff-only file, and answers 404 for each internal file id', async () => {
    let checked = 0;
    for (const walk of walked) {
      const { fileNames } = await forbiddenFor(walk);
      checked += fileNames.length;
      for (const body of walk.bodies) {
        expect({ collection: walk.uid, leaked: fileNames.filter((name) => body.includes(name)) }).toEqual({
          collection: walk.uid,
          leaked: [],
        });
      }
      const internal = await rowsOf<{ id: number }>(sql`
        SELECT f.id FROM files f WHERE f.collection_uid = ${walk.uid} AND f.file_category = 'internal_file'`);
      const calls = createPortalCalls(test, walk.portalKey);
      for (const { id } of internal) {
        expect((await calls.file('order_file', id)).statusCode).toBe(404);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('never carries a portal key, the ordering platform secret, a price or a hidden order-form key', () => {
    for (const walk of walked) {
      for (const body of walk.bodies) {
        expect(body).not.toContain('not-a-secret-demo-value');
        // One assertion per body naming every key found: 300 keys × 2,000 bodies as single asserts took 10 s.
        expect(allPortalKeys.filter((key) => body.includes(key))).toEqual([]);
      }
      const keys = [...keysIn(walk.portal)];
      expect(keys.filter((k) => /price|amount|invoice|cost|total|discount/i.test(k))).toEqual([]);
      for (const hidden of ['portal_key', 'oep_api_secret', 'solution', 'agree', 'parent_case_id', 'tag']) {
        expect(keys).not.toContain(hidden);
      }
    }
  });

  it('leaves out cancelled approvals', async () => {
    for (const walk of walked) {
      if (walk.portal.cancelled) continue;
      const open = await rowsOf<{ uid: string }>(sql`
        SELECT a.uid FROM approvals a JOIN cases k ON k.uid = a.case_uid
        WHERE k.collection_uid = ${walk.uid} AND a.cancelled_at IS NULL`);
      expect(walk.portal.approvals.map((a) => a.uid).sort()).toEqual(open.map((r) => r.uid).sort());
    }
  });
});
