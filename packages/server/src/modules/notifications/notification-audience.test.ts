import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationLifetimeMs } from '@lab/domain';
import { branches, notifications, user_main_branches } from '../../db/schema/index';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../testing';
import {
  createCollection,
  createEmployee,
  type CreatedCollection,
  type EmployeeRow,
} from '../../testing/factories';
import { placeAt, postOk, userIdOf } from '../messages/messages-test-kit';

// Who a new message notifies (domain-decisions 'Messages, notifications, approvals'): the recipient, or
// the department's staff at the collection's fulfillment branch; alerts also the case's delegate; never
// the author. Informational ones expire after 7 days, alerts stay.

let test: TestApp;
let author: SignedInUser;
let authorId: number;
let collection: CreatedCollection;
let caseUid: string;
let people: Record<
  'designerMel' | 'designerSyd' | 'designerMain' | 'managerMel' | 'inactiveMel' | 'machinistMel' | 'delegate',
  EmployeeRow
>;

beforeAll(async () => {
  test = await createTestApp();
  author = await signInAs(test, { department: 'DESIGN' });
  await placeAt(test, author.username, 'Melbourne');
  authorId = await userIdOf(test, author.username);
  const designerMain = await createEmployee(test.db, { department: 'DESIGN', branch: 'Sydney' });
  const [melbourne] = await test.db.select().from(branches).where(eq(branches.name, 'Melbourne'));
  await test.db
    .insert(user_main_branches)
    .values({ user_id: designerMain.id, branch_id: melbourne?.id ?? 0 });
  people = {
    designerMel: await createEmployee(test.db, { department: 'DESIGN' }),
    designerSyd: await createEmployee(test.db, { department: 'DESIGN', branch: 'Sydney' }),
    designerMain,
    managerMel: await createEmployee(test.db, { department: 'ADMIN', allDepartments: true }),
    inactiveMel: await createEmployee(test.db, { department: 'DESIGN', isActive: false }),
    machinistMel: await createEmployee(test.db, { department: 'MACHINING' }),
    delegate: await createEmployee(test.db, { department: 'DESIGN', branch: 'Sydney' }),
  };
  collection = await createCollection(test.db, {
    branch: 'Melbourne',
    cases: [{ statusName: 'Design In Progress', delegatedToId: people.delegate.id }],
  });
  caseUid = collection.cases[0]?.uid ?? '';
});

afterAll(async () => {
  await test.close();
});

const notified = async (fields: Record<string, string>, on = collection) => {
  const message = await postOk(test, author, {
    case_collection_uid: on.uid,
    case_uid: on.cases[0]?.uid ?? '',
    ...fields,
  });
  const rows = await test.db.select().from(notifications).where(eq(notifications.message_uid, message.uid));
  return { message, rows, who: rows.map((r) => r.user_id).sort((a, b) => a - b) };
};

const ids = (...names: (keyof typeof people)[]) => names.map((n) => people[n].id).sort((a, b) => a - b);

describe('notifications of a new message', () => {
  it('tells only the chosen recipient of a design message', async () => {
    const { who } = await notified({
      message_type: 'DESIGN_MESSAGE',
      note: 'Yours',
      recipient_reference: people.designerSyd.username,
    });
    expect(who).toEqual(ids('designerSyd'));
  });

  it('never tells the author, even as the recipient', async () => {
    const { who } = await notified({
      message_type: 'DESIGN_MESSAGE',
      note: 'Mine',
      recipient_reference: author.username,
    });
    expect(who).toEqual([]);
  });

  it('tells the department at the fulfillment branch when no recipient is chosen, for 7 days', async () => {
    const note = 'x'.repeat(300);
    const { rows, who, message } = await notified({ message_type: 'DESIGN_MESSAGE', note });
    expect(who).toEqual(ids('designerMel', 'designerMain', 'managerMel'));
    expect(who).not.toContain(authorId);
    for (const row of rows) {
      expect(row).toMatchObject({
        message_type: 'DESIGN_MESSAGE',
        note: 'x'.repeat(255),
        author_reference: author.username,
        case_uid: caseUid,
        case_collection_uid: collection.uid,
        message_uid: message.uid,
        delivered_at: null,
      });
      const lifetime = (row.expires_at?.getTime() ?? 0) - row.created_at.getTime();
      expect(Math.abs(lifetime - notificationLifetimeMs)).toBeLessThan(60_000);
    }
  });

  it('tells production staff of a production message', async () => {
    const { who } = await notified({ message_type: 'PRODUCTION_MESSAGE', note: 'Mill it' });
    expect(who).toEqual(ids('machinistMel', 'managerMel'));
  });

  it('tells the case’s delegate and its department of an alert, until actioned', async () => {
    const { rows, who } = await notified({ message_type: 'ALERTING_MESSAGE', note: 'Wrong shade' });
    expect(who).toEqual(ids('designerMel', 'designerMain', 'managerMel', 'delegate'));
    expect(rows.every((r) => r.expires_at === null)).toBe(true);
  });

  it('tells the department everywhere when the collection has no branch yet', async () => {
    const branchless = await createCollection(test.db, {
      branch: null,
      cases: [{ statusName: 'Design In Progress' }],
    });
    const { who } = await notified({ message_type: 'DESIGN_MESSAGE', note: 'Anyone' }, branchless);
    expect(who).toEqual(ids('designerMel', 'designerSyd', 'designerMain', 'managerMel', 'delegate'));
  });

  it.each(['CASE_NOTE', 'CLIENT_MESSAGE', 'SALES_MESSAGE', 'CUSTOMER_SERVICE_NOTE'])(
    'tells nobody of a %s',
    async (type) => {
      const { who } = await notified({ message_type: type, note: 'FYI' });
      expect(who).toEqual([]);
    },
  );
});
