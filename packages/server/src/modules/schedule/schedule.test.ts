import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { scheduleSchema, type PromisedInput, type Schedule } from '@lab/domain';
import { branch_closures, branches, job_types } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CaseRow } from '../../testing/factories';
import { previewSchedule } from './preview-schedule';
import {
  createScheduleJobType,
  hour,
  jobTypeName,
  mel,
  noActuals,
  plainSchedule,
  removeSeededClosures,
  zone,
} from './schedule-test-fixtures';

// GET /api/v2/case/{case_id}/schedule/ and POST /api/v2/case/schedule/ through the real app; the
// expected times are worked out by hand in schedule-test-fixtures.ts and in the comments below.

let test: TestApp;
let staff: SignedInUser;
let jobTypeId: number;
let melbourneId: number;
let plainCase: CaseRow;
let christmasCase: CaseRow;
let unassignedCase: CaseRow;
let closedWednesdayCase: CaseRow;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
  jobTypeId = await createScheduleJobType(test.db);
  melbourneId = await removeSeededClosures(test.db, 'Melbourne');
  const [geelong] = await test.db
    .insert(branches)
    .values({ name: 'Geelong', code: 'GLG', country: 'AU', state: 'VIC', time_zone: zone })
    .returning({ id: branches.id });
  await test.db.insert(branch_closures).values({
    branch_id: geelong?.id ?? 0,
    starts_on: '2026-11-25',
    ends_on: '2026-11-25',
    reason: 'Stocktake',
  });

  const atMelbourne = await createCollection(test.db, {
    branch: 'Melbourne',
    cases: [
      {
        jobTypeName,
        scheduleStart: mel('2026-11-23T09:00'),
        fields: {
          date_metrology_complete: mel('2026-11-23T13:00'),
          date_design_complete: mel('2026-11-24T10:00'),
        },
      },
      {
        jobTypeName,
        scheduleStart: mel('2026-12-23T09:00'),
        fields: { date_promised: mel('2026-12-30T17:00') },
      },
    ],
  });
  [plainCase, christmasCase] = atMelbourne.cases as [CaseRow, CaseRow];
  const unassigned = await createCollection(test.db, {
    branch: null,
    cases: [
      {
        jobTypeName,
        added: mel('2026-11-23T09:00'),
        scheduleStart: null,
        fields: {
          override_design_seconds: 10 * hour,
          override_machining_seconds: 9 * hour,
          customer_delay_seconds: hour,
        },
      },
    ],
  });
  [unassignedCase] = unassigned.cases as [CaseRow];
  const atGeelong = await createCollection(test.db, {
    branch: 'Geelong',
    cases: [{ jobTypeName, scheduleStart: mel('2026-11-23T09:00') }],
  });
  [closedWednesdayCase] = atGeelong.cases as [CaseRow];
});
afterAll(() => test.close());

const getSchedule = (caseId: number | string, headers: Record<string, string> = staff.headers) =>
  test.app.inject({ method: 'GET', url: `/api/v2/case/${caseId}/schedule/`, headers });

const postPreview = (payload: unknown, headers: Record<string, string> = staff.headers) =>
  test.app.inject({ method: 'POST', url: '/api/v2/case/schedule/', headers, payload: payload as object });

const fieldsOf = (response: LightMyRequestResponse): unknown =>
  response.json<{ error: { fields?: unknown } }>().error.fields;

describe('GET /api/v2/case/:case_id/schedule/', () => {
  it('answers 401 without a token', async () => {
    const response = await getSchedule(plainCase.case_id, {});
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('answers 404 for an unknown case and for ids that cannot be one', async () => {
    for (const id of [999_999_999, 'abc', '1.5', '-1', '0', '99999999999', '1e3']) {
      const response = await getSchedule(id);
      expect(response.statusCode, String(id)).toBe(404);
      expect(errorMessage(response)).toBe('Case not found');
    }
  });

  it('computes the schedule from the job type profile and measures the completed stages', async () => {
    const response = await getSchedule(plainCase.case_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...plainSchedule,
      // Metrology Mon 09:00 → 13:00 = 4 h; design Mon 13:00 → Tue 10:00 = 4 h + 2 h.
      actual_durations: { metrology: 4 * hour, design: 6 * hour, machining: null, dispatch: null },
    });
  });

  it('skips Christmas Day and the Boxing Day holiday (Mon 28 Dec) before the promise', async () => {
    // Wed 23 Dec 09:00 → promised Wed 30 Dec 17:00: 8 + 9 (Thu 24) + 9 (Tue 29) + 9 = 35 h available;
    // stages 3 h 30, 10 h 30, 10 h 30, 3 h 30: Wed 12:30, Thu 14:00, then Fri 25, the weekend and Mon 28
    // are skipped: Tue 29 15:30, Wed 30 10:00; buffer 7 h.
    const response = await getSchedule(christmasCase.case_id);
    expect(response.statusCode).toBe(200);
    const schedule = response.json<Schedule>();
    expect(schedule.customer_due_time).toBe('2026-12-30T06:00:00.000Z');
    expect(schedule.allocated_durations).toEqual({
      metrology: 12_600,
      design: 37_800,
      machining: 37_800,
      dispatch: 12_600,
    });
    expect(schedule.due_times).toEqual({
      metrology: '2026-12-23T01:30:00.000Z',
      design: '2026-12-24T03:00:00.000Z',
      machining: '2026-12-29T04:30:00.000Z',
      dispatch: '2026-12-29T23:00:00.000Z',
    });
    expect(schedule.buffer_time_seconds).toBe(7 * hour);
  });

  it("skips the branch's closures", async () => {
    // As the plain case, but Geelong is shut on Wed 25 Nov: every due from design on moves a business
    // day later (Thu 12:12, Mon 10:06, Mon 15:24) and so does P (Tue 1 Dec 17:00); the buffer stays.
    const response = await getSchedule(closedWednesdayCase.case_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...plainSchedule,
      customer_due_time: '2026-12-01T06:00:00.000Z',
      internal_due_time: '2026-11-30T04:24:00.000Z',
      due_times: {
        metrology: '2026-11-23T03:18:00.000Z',
        design: '2026-11-26T01:12:00.000Z',
        machining: '2026-11-29T23:06:00.000Z',
        dispatch: '2026-11-30T04:24:00.000Z',
      },
      actual_durations: noActuals,
    });
  });

  it('uses the added time, the overrides, the customer delay and Melbourne when there is no branch', async () => {
    // Metrology Mon 14:18; design 10 h + 1 h delay → Tue 16:18; machining 9 h → Wed 16:18;
    // dispatch 5 h 18 → Thu 12:36. The client's hour moves the customer due too (Mon 30 17:00 → Tue 1
    // 09:00), so the buffer keeps the lab's own: Thu 12:36 → Tue 09:00 = 4 h 24 + 9 h + 9 h + 1 h.
    const response = await getSchedule(unassignedCase.case_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...plainSchedule,
      customer_due_time: '2026-11-30T22:00:00.000Z',
      internal_due_time: '2026-11-26T01:36:00.000Z',
      buffer_time_seconds: 84_240,
      customer_delay: hour,
      allocated_durations: { metrology: 19_080, design: 10 * hour, machining: 9 * hour, dispatch: 19_080 },
      overrides: { design: 10 * hour, machining: 9 * hour },
      due_times: {
        metrology: '2026-11-23T03:18:00.000Z',
        design: '2026-11-24T05:18:00.000Z',
        machining: '2026-11-25T05:18:00.000Z',
        dispatch: '2026-11-26T01:36:00.000Z',
      },
      actual_durations: noActuals,
    });
  });
});

describe('POST /api/v2/case/schedule/ (preview)', () => {
  const ids = () => ({ branch_id: melbourneId, job_type_id: jobTypeId });

  it('answers 401 without a token', async () => {
    const response = await postPreview(ids(), {});
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('answers 400 Cannot be blank for a missing branch and job type', async () => {
    for (const payload of [{}, { branch_id: null, job_type_id: '' }, undefined]) {
      const response = await postPreview(payload);
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Cannot be blank');
      expect(fieldsOf(response)).toEqual({ branch_id: 'Cannot be blank', job_type_id: 'Cannot be blank' });
    }
  });

  it('answers 400 Invalid branch and Invalid job type for unknown or malformed ids', async () => {
    for (const payload of [
      { branch_id: 999_999, job_type_id: 999_999 },
      { branch_id: 'x', job_type_id: 1.5 },
      { branch_id: true, job_type_id: -3 },
    ]) {
      const response = await postPreview(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorMessage(response)).toBe('Invalid branch');
      expect(fieldsOf(response)).toEqual({ branch_id: 'Invalid branch', job_type_id: 'Invalid job type' });
    }
    const [retired] = await test.db
      .insert(job_types)
      .values({ name: 'Retired Schedule Type', is_active: false })
      .returning({ id: job_types.id });
    const response = await postPreview({ branch_id: melbourneId, job_type_id: retired?.id });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Invalid job type');
  });

  it('answers 400 for a malformed promise and for one in the past', async () => {
    for (const [date_promised, message] of [
      ['next week', 'Invalid date'],
      ['2030-02-30', 'Invalid date'],
      [42, 'Invalid date'],
      ['2020-01-31', 'Cannot be in the past'],
      ['2020-01-31T09:00:00+11:00', 'Cannot be in the past'],
    ] as const) {
      const response = await postPreview({ ...ids(), date_promised });
      expect(response.statusCode, String(date_promised)).toBe(400);
      expect(errorMessage(response)).toBe(message);
      expect(fieldsOf(response)).toEqual({ date_promised: message });
    }
  });

  it('previews a schedule starting now; a promised date means 17:00 at the branch', async () => {
    // The clock is real here (the token check and PGlite's now() read it too); exact values for a
    // fixed 'now' are in the previewSchedule tests below.
    const before = Date.now();
    const promisedDate = DateTime.now().setZone(zone).plus({ months: 2 }).toISODate() ?? '';
    const response = await postPreview({
      branch_id: String(melbourneId),
      job_type_id: jobTypeId,
      date_promised: promisedDate,
    });
    expect(response.statusCode).toBe(200);
    const schedule = scheduleSchema.parse(response.json());
    const start = Date.parse(schedule.start_time);
    expect(start).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(start).toBeLessThanOrEqual(Date.now());
    expect(schedule.customer_due_time).toBe(mel(`${promisedDate}T17:00`).toISOString());
    expect(schedule.actual_durations).toEqual(noActuals);
    expect(schedule.buffer_time_seconds).toBeGreaterThan(0);

    for (const date_promised of [undefined, null, '']) {
      const without = await postPreview({ ...ids(), date_promised });
      expect(without.statusCode, String(date_promised)).toBe(200);
      expect(scheduleSchema.parse(without.json()).customer_delay).toBe(0);
    }
  });
});

describe('POST /api/v2/case/schedule/ with case_id (Modify Case Times preview)', () => {
  it('answers 400 Invalid case for a malformed id and 404 Case not found for an unknown one', async () => {
    const malformed = await postPreview({ case_id: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(fieldsOf(malformed)).toEqual({ case_id: 'Invalid case' });
    const unknown = await postPreview({ case_id: 999_999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Case not found');
  });

  it('answers 400 Invalid date for a malformed start, with or without a case', async () => {
    for (const payload of [
      { case_id: plainCase.case_id, start_time: 'tomorrow' },
      { branch_id: melbourneId, job_type_id: jobTypeId, start_time: '2026-13-40T09:00' },
    ]) {
      const response = await postPreview(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(response)).toEqual({ start_time: 'Invalid date' });
    }
  });

  it("takes the case's branch, job type, start and completions when only case_id is sent", async () => {
    const stored = await getSchedule(plainCase.case_id);
    const response = await postPreview({ case_id: String(plainCase.case_id) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(stored.json());
  });

  it('reads the start as Melbourne local time and moves the schedule with it', async () => {
    // The plain schedule one week later: Mon 30 Nov 09:00, no promise, nothing in between is closed.
    const response = await postPreview({
      case_id: closedWednesdayCase.case_id,
      start_time: '2026-11-30T09:00',
    });
    expect(response.statusCode).toBe(200);
    const schedule = response.json<Schedule>();
    expect(schedule.start_time).toBe('2026-11-29T22:00:00.000Z');
    expect(schedule.due_times.metrology).toBe('2026-11-30T03:18:00.000Z');
    expect(schedule.buffer_time_seconds).toBe(plainSchedule.buffer_time_seconds);
  });

  it('uses the given promise (a date: 17:00 at the branch) and job type instead of the case ones', async () => {
    // As the promised case of recompute-case-schedule.test.ts: start Mon 23 Nov 09:00, promised Fri 4 Dec.
    const schedule = await previewSchedule(
      test.db,
      {
        case_id: plainCase.case_id,
        branch_id: null,
        job_type_id: jobTypeId,
        date_promised: { kind: 'date', date: '2026-12-04' },
        start_time: mel('2026-11-23T09:00'),
      },
      mel('2026-11-23T09:00'),
    );
    expect(schedule.customer_due_time).toBe('2026-12-04T06:00:00.000Z');
    expect(schedule.due_times).toEqual({
      metrology: '2026-11-23T21:54:00.000Z',
      design: '2026-11-26T21:36:00.000Z',
      machining: '2026-12-01T21:18:00.000Z',
      dispatch: '2026-12-02T21:12:00.000Z',
    });
    expect(schedule.actual_durations).toEqual({
      metrology: 4 * hour,
      design: 6 * hour,
      machining: null,
      dispatch: null,
    });
    const past = previewSchedule(
      test.db,
      {
        case_id: plainCase.case_id,
        branch_id: null,
        job_type_id: null,
        date_promised: { kind: 'date', date: '2026-11-20' },
        start_time: null,
      },
      mel('2026-11-23T09:00'),
    );
    await expect(past).rejects.toMatchObject({ fields: { date_promised: 'Cannot be in the past' } });
  });
});

describe('previewSchedule', () => {
  const request = (date_promised: PromisedInput | null) => ({
    case_id: null,
    branch_id: melbourneId,
    job_type_id: jobTypeId,
    date_promised,
    start_time: null,
  });
  const now = mel('2026-11-23T09:00');

  it("gives a component starting at the plain case's start the plain schedule", async () => {
    const promises: (PromisedInput | null)[] = [
      null,
      { kind: 'date', date: '2026-11-30' },
      { kind: 'instant', instant: new Date('2026-11-30T17:00:00+11:00') },
    ];
    for (const promise of promises) {
      expect(await previewSchedule(test.db, request(promise), now)).toEqual({
        ...plainSchedule,
        actual_durations: noActuals,
      });
    }
  });

  it('refuses a date before today and an instant before now', async () => {
    for (const promise of [
      { kind: 'date', date: '2026-11-22' },
      { kind: 'instant', instant: new Date('2026-11-23T08:59:59+11:00') },
    ] as const) {
      await expect(previewSchedule(test.db, request(promise), now)).rejects.toMatchObject({
        code: 'validation_failed',
        message: 'Cannot be in the past',
        fields: { date_promised: 'Cannot be in the past' },
      });
    }
  });

  it('allows today as the promise even after close of business, showing the lateness', async () => {
    const evening = mel('2026-11-23T18:00');
    const schedule = await previewSchedule(test.db, request({ kind: 'date', date: '2026-11-23' }), evening);
    // Work starts Tue 08:00 and only the minimums (14 h) are allocated, ending Wed 13:00; P was Mon 17:00.
    expect(schedule.start_time).toBe('2026-11-23T07:00:00.000Z');
    expect(schedule.customer_due_time).toBe('2026-11-23T06:00:00.000Z');
    expect(schedule.allocated_durations).toEqual(plainSchedule.minimum_durations);
    expect(schedule.internal_due_time).toBe('2026-11-25T02:00:00.000Z');
    expect(schedule.buffer_time_seconds).toBe(-14 * hour);
  });
});
