import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientStatusName,
  portalCollectionSchema,
  portalFileLinkSchema,
  portalMessageSchema,
  type PortalCollection,
} from '@lab/domain';
import { selectRows } from '../../db/client';
import { seedDemoData } from '../../db/seed/demo';
import { createTestApp, type TestApp } from '../../testing';
import { createPortalCalls, jsonOf } from './portal-test-kit';

// The demo lab as `npm start` seeds it, every collection walked through the portal as a client's browser
// reads it (the collection, a link to each file it lists, a read receipt on lab messages): no answer
// names a status the lab keeps from clients ("Design Outsourced"), every case shows its status's
// client-facing name, and no staff username appears anywhere; employees are named by display name.

let test: TestApp;

type Row = Record<string, unknown>;
type Walked = { uid: string; portal: PortalCollection; bodies: string[] };
type Employee = { id: number; username: string; first_name: string; last_name: string };
type CaseStatus = { uid: string; name: string; client_name: string | null };

// Seeding the 300 demo collections takes a while on a small machine.
const seedTimeout = 900_000;

let walked: Walked[] = [];
let employees: Employee[] = [];
let caseStatuses = new Map<string, CaseStatus>();
let receipts: string[] = [];

const rowsOf = <T extends Row>(query: ReturnType<typeof sql>) => selectRows<T>(test.db, query);

beforeAll(async () => {
  test = await createTestApp({ seedReference: false });
  await seedDemoData(test.db);
  employees = await rowsOf<Employee>(sql`SELECT id, username, first_name, last_name FROM users`);
  const statusRows = await rowsOf<CaseStatus>(sql`
    SELECT k.uid, s.name, s.client_name FROM cases k JOIN statuses s ON s.id = k.status_id`);
  caseStatuses = new Map(statusRows.map((row) => [row.uid, row]));
  const targets = await rowsOf<{ uid: string; portal_key: string }>(
    sql`SELECT uid, portal_key FROM collections ORDER BY collection_id`,
  );
  walked = [];
  receipts = [];
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
    // The read receipt answers the message as the portal lists it (a second reader of its author).
    const unread = portal.messages.find((m) => m.direction === 'OUTBOUND' && !m.message_seen);
    if (unread) {
      const read = await calls.read(unread.uid);
      portalMessageSchema.parse(jsonOf(read));
      bodies.push(read.body);
      receipts.push(read.body);
    }
    walked.push({ uid: target.uid, portal, bodies });
  }
}, seedTimeout);

afterAll(async () => {
  await test.close();
});

/** Every string anywhere in a JSON value. */
const stringsIn = (value: unknown, found: string[] = []): string[] => {
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) stringsIn(inner, found);
  }
  return found;
};

const displayName = (employee: Employee) => `${employee.first_name} ${employee.last_name}`.trim();

describe('every portal answer of the demo lab', () => {
  it('walks every collection, with cases in Design Outsourced and lab messages among them', () => {
    expect(walked.length).toBeGreaterThanOrEqual(100);
    const cases = walked.flatMap((w) => w.portal.cases);
    expect(cases.filter((c) => caseStatuses.get(c.uid)?.name === 'Design Outsourced').length).toBeGreaterThan(
      0,
    );
    expect(walked.some((w) => w.portal.messages.some((m) => m.direction === 'OUTBOUND'))).toBe(true);
    expect(receipts.length).toBeGreaterThan(0);
  });

  it('never says "Design Outsourced"', () => {
    for (const walk of walked) {
      for (const body of walk.bodies) {
        expect({ collection: walk.uid, outsourced: body.includes('Design Outsourced') }).toEqual({
          collection: walk.uid,
          outsourced: false,
        });
      }
    }
  });

  it("shows each case's status by the name clients see: Design Outsourced as Design In Progress", () => {
    let renamed = 0;
    for (const walk of walked) {
      for (const item of walk.portal.cases) {
        const status = caseStatuses.get(item.uid);
        if (!status) throw new Error(`the portal lists a case the database does not: ${item.uid}`);
        expect({ case: item.uid, status: item.status }).toEqual({
          case: item.uid,
          status: clientStatusName(status),
        });
        if (status.name === 'Design Outsourced') {
          expect(item.status).toBe('Design In Progress');
          renamed += 1;
        }
      }
    }
    expect(renamed).toBeGreaterThan(0);
  });

  it('never names a staff username, anywhere', () => {
    const usernames = employees.map((e) => e.username);
    const lowered = new Set(usernames.map((u) => u.toLowerCase()));
    // A username as a word of its own (usernames are lower case; 'Admin' in a sentence is not one).
    const asWord = new RegExp(
      `(?<![\\w.@-])(${usernames.map((u) => u.replace(/\W/g, '\\$&')).join('|')})(?![\\w@-])`,
    );
    for (const walk of walked) {
      for (const body of walk.bodies) {
        const strings = stringsIn(JSON.parse(body));
        expect({
          collection: walk.uid,
          usernames: strings.filter((text) => lowered.has(text.trim().toLowerCase())),
          words: strings.flatMap((text) => asWord.exec(text)?.[1] ?? []),
        }).toEqual({ collection: walk.uid, usernames: [], words: [] });
      }
    }
  });

  it('names the employee who wrote each lab message by display name', async () => {
    const authored = await rowsOf<{ uid: string; author_user_id: number }>(sql`
      SELECT uid, author_user_id FROM messages WHERE visibility = 'CLIENTS' AND author_user_id IS NOT NULL`);
    const authorOf = new Map(authored.map((row) => [row.uid, row.author_user_id]));
    const byId = new Map(employees.map((e) => [e.id, e]));
    let named = 0;
    for (const walk of walked) {
      for (const message of walk.portal.messages) {
        const employee = byId.get(authorOf.get(message.uid) ?? -1);
        if (!employee) continue;
        expect(message.author_reference).toBe(displayName(employee));
        named += 1;
      }
    }
    expect(named).toBeGreaterThan(walked.length / 4);
  });
});
