import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSecondsBetween, createBusinessCalendar } from '@lab/domain';
import { inTransaction } from '../../db/client';
import { case_audit, cases, messages } from '../../db/schema/index';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection } from '../../testing/factories';
import { createPortalCalls } from '../portal/portal-test-kit';
import { recomputeCaseSchedules } from './recompute-case-schedule';

// The client-hold clock through the real app: Check-in asks the clinic for a missing scan; while it
// waits, the lab's dues stand; when the clinic writes back, the business time it held the case becomes
// the case's customer delay (audited), the design stage absorbs it and the customer's due moves by as
// much, so the lab's buffer is untouched.

let test: TestApp;
let desk: SignedInUser;
const melbourne = createBusinessCalendar({ country: 'AU', region: 'VIC' });

beforeAll(async () => {
  test = await createTestApp();
  desk = await signInAs(test, { department: 'SUPPORT' });
});
afterAll(() => test.close());

const caseRow = async (uid: string) => {
  const [row] = await test.db.select().from(cases).where(eq(cases.uid, uid));
  if (!row) throw new Error('no case');
  return row;
};

describe('a request for missing information holds the case until the clinic answers', () => {
  it('moves the customer due and the design due by the business time of the hold, the buffer kept', async () => {
    const collection = await createCollection(test.db, { cases: [{ statusName: 'Ordered' }] });
    const caseUid = collection.cases[0]?.uid ?? '';
    const asked = await test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${caseUid}/request_information/`,
      headers: desk.headers,
      payload: { checks: ['No bite scan among the files'], note: 'Please send the bite scan.' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    // The request went a week ago: the clinic took that long.
    const askedAt = new Date(Date.now() - 7 * 86_400_000);
    await test.db
      .update(messages)
      .set({ created_at: askedAt })
      .where(eq(messages.uid, asked.json().message_uid));
    // The factory stores no schedule: the one the case has before the answer.
    await inTransaction(test.db, (tx) => recomputeCaseSchedules(tx, [caseUid]));
    const before = await caseRow(caseUid);
    expect(before.customer_delay_seconds).toBe(0);

    const answered = await createPortalCalls(test, collection.portal_key).message({
      note: 'Bite scan attached.',
    });
    expect(answered.statusCode).toBe(200);
    const [answer] = await test.db
      .select({ at: messages.created_at })
      .from(messages)
      .where(and(eq(messages.case_collection_uid, collection.uid), eq(messages.direction, 'INBOUND')));
    const held = Math.round(businessSecondsBetween(melbourne, askedAt, answer?.at ?? new Date()));
    expect(held).toBeGreaterThan(0);

    const after = await caseRow(caseUid);
    expect(after.customer_delay_seconds).toBe(held);
    expect(after.buffer_time_seconds).toBe(before.buffer_time_seconds);
    const moved = (from: Date | null, to: Date | null) =>
      Math.round(businessSecondsBetween(melbourne, from ?? new Date(), to ?? new Date()));
    expect(moved(before.customer_due, after.customer_due)).toBe(held);
    expect(moved(before.design_due, after.design_due)).toBe(held);
    const audit = await test.db.select().from(case_audit).where(eq(case_audit.case_uid, caseUid));
    expect(JSON.stringify(audit.at(-1)?.changed_values)).toContain('customer_delay_seconds');

    // Another message later ends no hold: nothing moves again.
    await createPortalCalls(test, collection.portal_key).message({ note: 'Also, thanks!' });
    expect((await caseRow(caseUid)).customer_delay_seconds).toBe(held);
  });
});
