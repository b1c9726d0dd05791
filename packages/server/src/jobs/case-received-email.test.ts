import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, selectRows } from '../db/client';
import { communications } from '../db/schema/index';
import { eventually, waitForMail } from '../mail/mail-test-kit';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../testing';
import { createClient, createCollection } from '../testing/factories';
import { enqueueJob } from './enqueue-job';

// The case's `received` action with send_email queues the 'case-received-email' job in its transaction;
// the worker sends the mail and logs it. Jobs commit and roll back with the change that queued them.

let test: TestApp;
let staff: SignedInUser;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'ADMIN' });
});

afterAll(async () => {
  await test.close();
});

const receive = (caseId: number, payload: Record<string, unknown>) =>
  test.app.inject({
    method: 'POST',
    url: `/api/v2/case/${caseId}/`,
    headers: staff.headers,
    payload: { action: 'received', ...payload },
  });

const queuedFor = async (caseUid: string): Promise<number> => {
  const [row] = await selectRows<{ n: number }>(
    test.db,
    sql`SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = 'case-received-email' AND data->>'case_uid' = ${caseUid}`,
  );
  return row?.n ?? 0;
};

describe('the case received e-mail', () => {
  it('is sent when staff ask for it, once', async () => {
    const client = await createClient(test.db, { name: 'Harbour Dental', email: 'lab@harbour.example' });
    const collection = await createCollection(test.db, { client, cases: [{}] });
    const caseRow = collection.cases[0];
    if (!caseRow) throw new Error('no case');
    const response = await receive(caseRow.case_id, { send_email: true });
    expect(response.statusCode).toBe(200);
    const mail = await waitForMail(
      test,
      (m) => m.subject === `We have received case ${collection.collection_id}`,
    );
    expect(mail.to).toEqual(['lab@harbour.example']);
    expect(mail.text).toContain('Hello Harbour Dental,');
    expect(mail.text).toContain(
      `${test.config.publicUrl}/static/v2/portal.html?key=${collection.portal_key}`,
    );
    const logged = await eventually(async () => {
      const [row] = await test.db
        .select()
        .from(communications)
        .where(
          and(
            eq(communications.case_uid, caseRow.uid),
            eq(communications.communication_type, 'CASE_RECEIVED'),
          ),
        );
      return row?.state === 'sent' ? row : null;
    });
    expect(logged).toMatchObject({
      recipient: 'lab@harbour.example',
      approval_uid: null,
      client_uid: client.uid,
    });
    expect(await queuedFor(caseRow.uid)).toBe(1);

    // A second receipt is refused, and queues nothing.
    const again = await receive(caseRow.case_id, { send_email: true });
    expect(again.statusCode).toBe(409);
    expect(await queuedFor(caseRow.uid)).toBe(1);
  });

  it('is not queued without send_email', async () => {
    const collection = await createCollection(test.db, { cases: [{}, {}] });
    const [first, second] = collection.cases;
    if (!first || !second) throw new Error('no cases');
    expect((await receive(first.case_id, {})).statusCode).toBe(200);
    expect((await receive(second.case_id, { send_email: false })).statusCode).toBe(200);
    expect(await queuedFor(first.uid)).toBe(0);
    expect(await queuedFor(second.uid)).toBe(0);
  });
});

describe('enqueueJob', () => {
  it('queues with the transaction: nothing when it rolls back', async () => {
    const collection = await createCollection(test.db, { cases: [{}] });
    const caseUid = collection.cases[0]?.uid ?? '';
    await expect(
      inTransaction(test.db, async (tx) => {
        await enqueueJob(tx, 'case-received-email', { case_uid: caseUid });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queuedFor(caseUid)).toBe(0);
    await inTransaction(test.db, (tx) => enqueueJob(tx, 'case-received-email', { case_uid: caseUid }));
    expect(await queuedFor(caseUid)).toBe(1);
  });
});
