import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@lab/domain';
import { inTransaction } from '../../db/client';
import { cases } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../testing';
import { createCollection, type CaseRow } from '../../testing/factories';
import { recomputeCaseSchedule } from './recompute-case-schedule';
import {
  createScheduleJobType,
  jobTypeName,
  mel,
  plainDues,
  removeSeededClosures,
} from './schedule-test-fixtures';

let test: TestApp;
let plainCase: CaseRow;
let promisedCase: CaseRow;

beforeAll(async () => {
  test = await createTestApp();
  await createScheduleJobType(test.db);
  await removeSeededClosures(test.db, 'Melbourne');
  const collection = await createCollection(test.db, {
    branch: 'Melbourne',
    cases: [
      { jobTypeName, scheduleStart: mel('2026-11-23T09:00') },
      { jobTypeName, scheduleStart: mel('2026-11-23T09:00') },
    ],
  });
  [plainCase, promisedCase] = collection.cases as [CaseRow, CaseRow];
});
afterAll(() => test.close());

const storedSchedule = async (uid: string) => {
  const [row] = await test.db.select().from(cases).where(eq(cases.uid, uid));
  return {
    customer_due: row?.customer_due?.toISOString() ?? null,
    metrology_due: row?.metrology_due?.toISOString() ?? null,
    design_due: row?.design_due?.toISOString() ?? null,
    machining_due: row?.machining_due?.toISOString() ?? null,
    dispatch_due: row?.dispatch_due?.toISOString() ?? null,
    internal_due: row?.internal_due?.toISOString() ?? null,
    buffer_time_seconds: row?.buffer_time_seconds ?? null,
  };
};

describe('recomputeCaseSchedule', () => {
  it('stores the schedule on the case inside the caller transaction', async () => {
    const schedule = await inTransaction(test.db, (tx) => recomputeCaseSchedule(tx, plainCase.uid));
    expect(schedule.internal_due_time).toBe(plainDues.dispatch);
    expect(await storedSchedule(plainCase.uid)).toEqual({
      customer_due: '2026-11-30T06:00:00.000Z',
      metrology_due: plainDues.metrology,
      design_due: plainDues.design,
      machining_due: plainDues.machining,
      dispatch_due: plainDues.dispatch,
      internal_due: plainDues.dispatch,
      buffer_time_seconds: 38_160,
    });
  });

  it('sees the change made before it in the same transaction', async () => {
    // Promised Fri 4 Dec 17:00: available = 8 h + 4 × 9 h + 5 × 9 h = 89 h; stages 8 h 54, 26 h 42,
    // 26 h 42, 8 h 54 end Tue 08:54, Fri 08:36, Wed 2 Dec 08:18, Thu 3 Dec 08:12; buffer 17 h 48.
    await inTransaction(test.db, async (tx) => {
      await tx
        .update(cases)
        .set({ date_promised: mel('2026-12-04T17:00') })
        .where(eq(cases.uid, promisedCase.uid));
      await recomputeCaseSchedule(tx, promisedCase.uid);
    });
    expect(await storedSchedule(promisedCase.uid)).toEqual({
      customer_due: '2026-12-04T06:00:00.000Z',
      metrology_due: '2026-11-23T21:54:00.000Z',
      design_due: '2026-11-26T21:36:00.000Z',
      machining_due: '2026-12-01T21:18:00.000Z',
      dispatch_due: '2026-12-02T21:12:00.000Z',
      internal_due: '2026-12-02T21:12:00.000Z',
      buffer_time_seconds: 64_080,
    });
  });

  it('rolls back with the caller transaction', async () => {
    const before = await storedSchedule(promisedCase.uid);
    const rollback = new Error('roll back');
    await expect(
      inTransaction(test.db, async (tx) => {
        await tx.update(cases).set({ date_promised: null }).where(eq(cases.uid, promisedCase.uid));
        const schedule = await recomputeCaseSchedule(tx, promisedCase.uid);
        expect(schedule.customer_due_time).toBe('2026-11-30T06:00:00.000Z');
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await storedSchedule(promisedCase.uid)).toEqual(before);
  });

  it('throws not found for an unknown case', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const failure = inTransaction(test.db, (tx) => recomputeCaseSchedule(tx, unknown));
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ code: 'not_found', message: 'Case not found' });
  });
});
