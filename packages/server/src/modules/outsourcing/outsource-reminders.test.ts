import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, notifications, outsources, partners, users } from '../../db/schema/index';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CaseRow } from '../../testing/factories';
import { sendOutsourceReminders } from './outsource-reminders';
import { changeUsers } from '../../testing/change-users';
import { hearEvents } from '../../realtime/heard-events-test-kit';

// The due-soon and overdue notices of outsource jobs, with a moved clock: 4 business hours (Melbourne)
// before expected_return, then once it has passed; each once, to the case's department.

const zone = 'Australia/Melbourne';
const mel = (local: string): Date => DateTime.fromISO(local, { zone }).toJSDate();

let test: TestApp;
let designer: SignedInUser;
let caseRow: CaseRow;
let jobId: number;
let collectionUid: string;

const noticesOf = async (userNote: string) =>
  test.db
    .select({ note: notifications.note })
    .from(notifications)
    .where(and(eq(notifications.case_uid, caseRow.uid), eq(notifications.note, userNote)));

const job = async () => {
  const [row] = await test.db.select().from(outsources).where(eq(outsources.id, jobId));
  if (!row) throw new Error('no job');
  return row;
};

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  const [melbourne] = await test.db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.name, 'Melbourne'));
  // Notices go to the department's staff at the case's branch.
  await changeUsers(test.db, [designer.username], { branch_id: melbourne?.id ?? null });
  const collection = await createCollection(test.db, {
    branch: 'Melbourne',
    cases: [{ statusName: 'Design Outsourced' }],
  });
  [caseRow] = collection.cases as [CaseRow];
  collectionUid = collection.uid;
  const [partner] = await test.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.name, 'Kiwi CAD Studio'));
  if (!partner) throw new Error('no partner');
  // Due Wednesday 2 December 2026 at 12:00 Melbourne: the 08:00–12:00 morning is 4 business hours, so
  // due soon starts at Tuesday's close (17:00) — an hour before it (16:00) 5 hours remain.
  const [row] = await test.db
    .insert(outsources)
    .values({
      case_uid: caseRow.uid,
      partner_id: partner.id,
      start: mel('2026-11-30T09:00'),
      expected_return: mel('2026-12-02T12:00'),
      outsource_key: 'k'.repeat(43),
      job_type: 'digital',
      note: 'Design please',
    })
    .returning({ id: outsources.id });
  jobId = row?.id ?? 0;
});
afterAll(() => test.close());

describe('outsource reminders', () => {
  const dueSoon = `Outsource job ${'{key}'} with Kiwi CAD Studio is due back within 4 business hours`;
  const noteOf = (template: string) => template.replace('{key}', caseRow.case_mkey);
  const overdue = 'Outsource job {key} with Kiwi CAD Studio is overdue';

  it('sends nothing while more than 4 business hours remain, even overnight', async () => {
    expect(await sendOutsourceReminders(test.db, mel('2026-12-01T15:30'))).toBe(0);
    expect(await sendOutsourceReminders(test.db, mel('2026-12-01T16:00'))).toBe(0);
    expect((await job()).due_soon_reminder).toBeNull();
  });

  it('notifies the case department once when 4 business hours remain', async () => {
    const at = mel('2026-12-01T17:30');
    const heard = hearEvents();
    expect(await sendOutsourceReminders(test.db, at)).toBe(1);
    // No audit row: open pages of the collection are told of the stamp and updated_at by the job itself.
    expect(heard.collections()).toEqual([collectionUid]);
    heard.stop();
    expect((await job()).due_soon_reminder?.toISOString()).toBe(at.toISOString());
    expect(await noticesOf(noteOf(dueSoon))).not.toHaveLength(0);
    const toDesigner = await test.db
      .select({ note: notifications.note })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.user_id))
      .where(and(eq(notifications.case_uid, caseRow.uid), eq(users.username, designer.username)));
    expect(toDesigner.map((n) => n.note)).toEqual([noteOf(dueSoon)]);
    // Another pass (another process, a restart) sends nothing again.
    expect(await sendOutsourceReminders(test.db, mel('2026-12-01T18:00'))).toBe(0);
  });

  it('notifies once when the due time has passed', async () => {
    expect(await sendOutsourceReminders(test.db, mel('2026-12-02T11:59'))).toBe(0);
    const at = mel('2026-12-02T12:01');
    expect(await sendOutsourceReminders(test.db, at)).toBe(1);
    expect((await job()).overdue_reminder?.toISOString()).toBe(at.toISOString());
    expect(await noticesOf(noteOf(overdue))).not.toHaveLength(0);
    expect(await sendOutsourceReminders(test.db, mel('2026-12-03T09:00'))).toBe(0);
  });

  it('leaves a job the partner marked completed alone', async () => {
    await test.db
      .update(outsources)
      .set({ overdue_reminder: null, marked_as_completed: mel('2026-12-02T11:00') })
      .where(eq(outsources.id, jobId));
    expect(await sendOutsourceReminders(test.db, mel('2026-12-03T09:00'))).toBe(0);
  });
});
