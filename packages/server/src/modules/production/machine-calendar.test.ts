import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineCalendarSchema } from '@lab/domain';
import { cases, machine_plans, scan_gauge_batches, users } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection } from '../../testing/factories';
import { publishUsersChanged } from '../../realtime/events';
import { at, branchIdOf, createMachine, createProductionCalls, createProject } from './production-test-kit';

// GET /api/v2/machines/calendar/?branch=&start=&end= through the real app (issue 14 §2).

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createProductionCalls>;
let melbourne: number;
let sydney: number;
let mill: Awaited<ReturnType<typeof createMachine>>;
let printer: Awaited<ReturnType<typeof createMachine>>;
const ids: Record<string, number> = {};
let creatorName = '';

const week = (branch?: number) =>
  `${branch === undefined ? '' : `branch=${branch}&`}start=${encodeURIComponent(at('00:00').toISOString())}` +
  `&end=${encodeURIComponent(at('00:00', '2031-03-10').toISOString())}`;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'MACHINING', username: 'calendar.reader' });
  calls = createProductionCalls(test, staff);
  melbourne = await branchIdOf(test, 'Melbourne');
  sydney = await branchIdOf(test, 'Sydney');
  mill = await createMachine(test, { name: 'CORiTEC 550i' });
  printer = await createMachine(test, { name: 'Form 3B' });
  await createMachine(test, { name: 'Retired Mill', isActive: false });
  const sydneyMill = await createMachine(test, { branch: 'Sydney', name: 'CORiTEC 350i' });

  const inWeek = await createProject(test, {
    machine: mill,
    name: 'MEL-A',
    start: at('09:00'),
    end: at('12:00'),
    status: 'Ready',
  });
  ids.inWeek = inWeek.id;
  // Started the Sunday before and runs into the week: it meets the range.
  ids.straddling = (
    await createProject(test, {
      machine: printer,
      name: 'MEL-B',
      start: at('22:00', '2031-03-02'),
      end: at('02:00'),
      status: 'Complete',
    })
  ).id;
  ids.nextWeek = (
    await createProject(test, {
      machine: mill,
      name: 'MEL-C',
      start: at('09:00', '2031-03-10'),
      end: at('10:00', '2031-03-10'),
    })
  ).id;
  ids.unscheduled = (await createProject(test, { machine: null, branchId: melbourne, name: 'MEL-D' })).id;
  ids.unscheduledComplete = (
    await createProject(test, { machine: null, branchId: melbourne, name: 'MEL-E', status: 'Complete' })
  ).id;
  ids.sydney = (
    await createProject(test, { machine: sydneyMill, name: 'SYD-A', start: at('09:00'), end: at('10:00') })
  ).id;

  const collection = await createCollection(test.db, {
    cases: [{ statusName: 'Machining' }, { statusName: 'Machining' }],
  });
  for (const row of collection.cases) {
    await test.db.update(cases).set({ machine_project_id: inWeek.id }).where(eq(cases.uid, row.uid));
  }
  const [creator] = await test.db.select().from(users).where(eq(users.username, 'calendar.reader'));
  creatorName = `${creator?.first_name} ${creator?.last_name}`;
  await test.db.insert(machine_plans).values([
    {
      name: 'Spindle service',
      machine_id: mill.id,
      start_time: at('15:00'),
      end_time: at('17:00'),
      color: '#9e9e9e',
    },
    {
      name: 'Old service',
      machine_id: mill.id,
      start_time: at('15:00', '2031-02-20'),
      end_time: at('17:00', '2031-02-20'),
    },
  ]);
  await test.db.insert(scan_gauge_batches).values([
    {
      batch_key: 'SG-NB-CC-1',
      created_by_id: creator?.id ?? null,
      started_at: at('07:00'),
      duration_hours: '2.50',
      machine_id: mill.id,
      implant_reference_code: 'NB-CC-RP',
      implant_name: 'Nobel Biocare CC RP',
    },
    {
      batch_key: 'SG-SYD-1',
      started_at: at('07:00'),
      duration_hours: '1.00',
      machine_id: sydneyMill.id,
      implant_reference_code: 'STR-BL-RC',
      implant_name: 'Straumann BLT RC',
    },
  ]);
});
afterAll(() => test.close());

describe('GET /api/v2/machines/calendar/', () => {
  it("answers the branch's active machines and what occupies them in the range", async () => {
    const response = await calls.calendar(week(melbourne));
    expect(response.statusCode).toBe(200);
    const calendar = machineCalendarSchema.parse(response.json());
    expect(calendar.branch).toEqual({ id: melbourne, name: 'Melbourne', time_zone: 'Australia/Melbourne' });
    expect(calendar.machines.map((m) => m.name)).toEqual(['CORiTEC 550i', 'Form 3B']);
    expect(calendar.projects.map((p) => p.name)).toEqual(['MEL-B', 'MEL-A']);
    const project = calendar.projects.find((p) => p.id === ids.inWeek);
    expect(project).toMatchObject({
      machine_id: mill.id,
      start_time: at('09:00').toISOString(),
      end_time: at('12:00').toISOString(),
      status: 'Ready',
      created_by: null,
    });
    expect(project?.cases).toHaveLength(2);
    expect(project?.cases[0]).toMatchObject({ job_type: 'Screw-Retained Bridge' });
    expect(calendar.unscheduled_projects.map((p) => p.name)).toEqual(['MEL-D']);
    expect(calendar.plans).toEqual([
      expect.objectContaining({ name: 'Spindle service', machine_id: mill.id, color: '#9e9e9e' }),
    ]);
    expect(calendar.scan_gauge_batches).toEqual([
      {
        batch_key: 'SG-NB-CC-1',
        created_by: creatorName,
        started_at: at('07:00').toISOString(),
        duration: 2.5,
        machine: 'CORiTEC 550i',
        machine_id: mill.id,
        implant_reference_code: 'NB-CC-RP',
        implant_name: 'Nobel Biocare CC RP',
      },
    ]);
  });

  it("shows the user's own branch when none is asked for", async () => {
    const placeReader = async (branchId: number | null) => {
      const moved = await test.db
        .update(users)
        .set({ branch_id: branchId })
        .where(eq(users.username, 'calendar.reader'))
        .returning({ id: users.id });
      // As an application write would: the reader's cached token is read again.
      await publishUsersChanged(
        test.db,
        moved.map((user) => user.id),
      );
    };
    await placeReader(sydney);
    const response = await calls.calendar(week());
    await placeReader(null);
    expect(response.statusCode).toBe(200);
    const calendar = machineCalendarSchema.parse(response.json());
    expect(calendar.branch.name).toBe('Sydney');
    expect(calendar.projects.map((p) => p.name)).toEqual(['SYD-A']);
    expect(calendar.scan_gauge_batches.map((b) => b.batch_key)).toEqual(['SG-SYD-1']);
  });

  it('refuses a range it cannot read with the field and its message (400)', async () => {
    const start = encodeURIComponent(at('00:00').toISOString());
    const cases = [
      { query: `branch=${melbourne}&end=${start}`, field: 'start', message: 'Must be a date and time' },
      {
        query: `branch=${melbourne}&start=monday&end=${start}`,
        field: 'start',
        message: 'Must be a date and time',
      },
      {
        query: `branch=${melbourne}&start=${start}&end=${start}`,
        field: 'end',
        message: 'Must be after the start',
      },
      {
        query: `branch=${melbourne}&start=${start}&end=${encodeURIComponent(at('00:00', '2031-05-01').toISOString())}`,
        field: 'end',
        message: 'Must be at most 42 days after the start',
      },
      { query: `branch=abc&${week()}`, field: 'branch', message: 'Invalid branch' },
    ];
    for (const { query, field, message } of cases) {
      const response = await calls.calendar(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.fields?.[field], query).toBe(message);
    }
  });

  it('answers 404 for a branch that does not exist and 401 without sign-in', async () => {
    const unknown = await calls.calendar(week(999_999));
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Branch not found');
    const anonymous = await test.app.inject({
      method: 'GET',
      url: `/api/v2/machines/calendar/?${week(melbourne)}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
