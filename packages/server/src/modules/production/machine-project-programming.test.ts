import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarProjectSchema } from '@lab/domain';
import { machine_projects } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection } from '../../testing/factories';
import { caseAuditOf, createCaseCalls, loadCase, statusId } from '../cases/cases-test-kit';
import {
  at,
  createMachine,
  createProductionCalls,
  createProject,
  projectAuditOf,
  projectRow,
} from './production-test-kit';

// Programming a project from cases in production (POST /api/v2/machine_projects/) and moving it through its
// statuses (POST /api/v2/machine_project/{id}/status/), issue 14 §2.

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createProductionCalls>;
let mill: Awaited<ReturnType<typeof createMachine>>;
let otherMill: Awaited<ReturnType<typeof createMachine>>;
let retired: Awaited<ReturnType<typeof createMachine>>;

const projectCount = async () =>
  (await test.db.select({ id: machine_projects.id }).from(machine_projects)).length;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'MACHINING', username: 'programmer' });
  calls = createProductionCalls(test, staff);
  mill = await createMachine(test, { name: 'CORiTEC 550i' });
  otherMill = await createMachine(test, { name: 'DWX-52DCi' });
  retired = await createMachine(test, { name: 'Old Mill', isActive: false });
  await createMachine(test, { branch: 'Sydney', name: 'CORiTEC 350i' });
});
afterAll(() => test.close());

describe('POST /api/v2/machine_projects/', () => {
  it('programs a Pending project from cases in production at the branch, each with its case audit row', async () => {
    const collection = await createCollection(test.db, {
      cases: [{ statusName: 'Programming' }, { statusName: 'Machining' }],
    });
    const caseIds = collection.cases.map((c) => c.case_id);
    const response = await calls.create({
      name: '  MEL-NEST-1 ',
      machine_id: mill.id,
      start_time: '2031-03-10T08:03:00+11:00',
      duration_minutes: 92,
      case_ids: [...caseIds, caseIds[0]],
    });
    expect(response.statusCode).toBe(201);
    const project = calendarProjectSchema.parse(response.json());
    expect(project).toMatchObject({
      name: 'MEL-NEST-1',
      machine_id: mill.id,
      branch_id: mill.branch_id,
      status: 'Pending',
      start_time: at('08:05', '2031-03-10').toISOString(),
      end_time: at('09:35', '2031-03-10').toISOString(),
    });
    expect(project.created_by).toMatch(/^Test User/);
    expect(project.cases.map((c) => c.case_id)).toEqual(caseIds);
    for (const row of collection.cases) {
      expect((await loadCase(test, row.uid)).machine_project_id).toBe(project.id);
      expect(await caseAuditOf(test, row.uid)).toEqual([
        { modified_by: 'programmer', changed_values: { machine_project: { old: null, new: 'MEL-NEST-1' } } },
      ]);
    }
    expect(await projectAuditOf(test, project.id)).toEqual([
      {
        action: 'created',
        actor_reference: 'programmer',
        changed_values: {
          name: { old: null, new: 'MEL-NEST-1' },
          machine: { old: null, new: 'CORiTEC 550i' },
          start_time: { old: null, new: at('08:05', '2031-03-10').toISOString() },
          end_time: { old: null, new: at('09:35', '2031-03-10').toISOString() },
          cases: { old: null, new: collection.cases.map((c) => c.case_mkey) },
        },
      },
    ]);
  });

  it('takes a case again once its last project is Complete', async () => {
    const done = await createProject(test, { machine: otherMill, name: 'OLD-NEST', status: 'Complete' });
    const collection = await createCollection(test.db, {
      cases: [{ statusName: 'Machining', fields: { machine_project_id: done.id } }],
    });
    const response = await calls.create({
      name: 'REMAKE',
      machine_id: otherMill.id,
      start_time: at('08:00', '2031-03-11').toISOString(),
      case_ids: [collection.cases[0]?.case_id],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ end_time: at('09:00', '2031-03-11').toISOString() });
    expect((await caseAuditOf(test, collection.cases[0]?.uid ?? ''))[0]?.changed_values).toEqual({
      machine_project: { old: 'OLD-NEST', new: 'REMAKE' },
    });
  });

  it('refuses cases that are not in production, at another branch or in an open project (409)', async () => {
    const open = await createProject(test, { machine: otherMill, name: 'OPEN-NEST', status: 'Ready' });
    const melbourne = await createCollection(test.db, {
      cases: [
        { statusName: 'Design In Progress' },
        { statusName: 'Machining', fields: { machine_project_id: open.id } },
        { statusName: 'Machining' },
      ],
    });
    const sydney = await createCollection(test.db, {
      branch: 'Sydney',
      cases: [{ statusName: 'Machining' }],
    });
    const [design, busy, free] = melbourne.cases;
    const body = (caseIds: (number | undefined)[]) => ({
      name: 'NEST',
      machine_id: mill.id,
      start_time: at('08:00', '2031-03-12').toISOString(),
      case_ids: caseIds,
    });
    const before = await projectCount();
    const refusals: [(number | undefined)[], string][] = [
      [[free?.case_id, design?.case_id], `Case ${design?.case_mkey} is not in production`],
      [
        [free?.case_id, sydney.cases[0]?.case_id],
        `Case ${sydney.cases[0]?.case_mkey} is not made at this machine's branch`,
      ],
      [[busy?.case_id], `Case ${busy?.case_mkey} is already in project OPEN-NEST`],
    ];
    for (const [caseIds, message] of refusals) {
      const response = await calls.create(body(caseIds));
      expect(response.statusCode, message).toBe(409);
      expect(errorMessage(response)).toBe(message);
    }
    await createProject(test, {
      machine: mill,
      name: 'HOLDER',
      start: at('07:30', '2031-03-12'),
      end: at('08:30', '2031-03-12'),
    });
    const overlapping = await calls.create(body([free?.case_id]));
    expect(overlapping.statusCode).toBe(409);
    expect(errorMessage(overlapping)).toBe('The machine is busy with project HOLDER at that time');
    expect(await projectCount()).toBe(before + 1);
    expect((await loadCase(test, free?.uid ?? '')).machine_project_id).toBeNull();
    expect(await caseAuditOf(test, free?.uid ?? '')).toEqual([]);
  });

  it('refuses a body it cannot use with the field and its message (400)', async () => {
    const collection = await createCollection(test.db, { cases: [{ statusName: 'Machining' }] });
    const good = {
      name: 'NEST',
      machine_id: mill.id,
      start_time: at('08:00', '2031-03-13').toISOString(),
      case_ids: [collection.cases[0]?.case_id],
    };
    const refusals: [object, string, string][] = [
      [{ ...good, name: '   ' }, 'name', 'Cannot be blank'],
      [{ ...good, name: 'x'.repeat(81) }, 'name', 'Must be at most 80 characters'],
      [{ ...good, machine_id: undefined }, 'machine_id', 'Must be selected'],
      [{ ...good, machine_id: 999_999 }, 'machine_id', 'Unknown machine'],
      [{ ...good, machine_id: retired.id }, 'machine_id', 'Unknown machine'],
      [{ ...good, start_time: '08:00' }, 'start_time', 'Must be a date and time'],
      [{ ...good, duration_minutes: 0 }, 'duration_minutes', 'Must be between 5 minutes and 24 hours'],
      [{ ...good, case_ids: [] }, 'case_ids', 'Must be selected'],
      [{ ...good, case_ids: [999_999] }, 'case_ids', 'Unknown case 999999'],
    ];
    const before = await projectCount();
    for (const [body, field, message] of refusals) {
      const response = await calls.create(body);
      expect(response.statusCode, `${field}: ${message}`).toBe(400);
      expect(response.json().error.fields?.[field], `${field}: ${message}`).toBe(message);
    }
    expect(await projectCount()).toBe(before);
  });
});

describe('POST /api/v2/machine_project/{id}/status/', () => {
  it('goes Programming → Make Ready → Complete with audit rows; then its cases leave production freely', async () => {
    const collection = await createCollection(test.db, { cases: [{ statusName: 'Machining' }] });
    const created = await calls.create({
      name: 'FLOW',
      machine_id: otherMill.id,
      start_time: at('08:00', '2031-03-14').toISOString(),
      case_ids: [collection.cases[0]?.case_id],
    });
    const id = created.json<{ id: number }>().id;
    const ready = await calls.status(id, { status: 'Ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'Ready' });
    const back = await calls.status(id, { status: 'Pending' });
    expect(back.json()).toMatchObject({ status: 'Pending' });
    await calls.status(id, { status: 'Ready' });
    const complete = await calls.status(id, { status: 'Complete' });
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).toMatchObject({ status: 'Complete' });
    expect((await projectAuditOf(test, id)).map((row) => [row.action, row.changed_values])).toEqual([
      ['created', expect.any(Object)],
      ['status_changed', { status: { old: 'Pending', new: 'Ready' } }],
      ['status_changed', { status: { old: 'Ready', new: 'Pending' } }],
      ['status_changed', { status: { old: 'Pending', new: 'Ready' } }],
      ['status_changed', { status: { old: 'Ready', new: 'Complete' } }],
    ]);
    // The case workspace's removal rule reads the status: a Complete project asks nothing.
    const caseCalls = createCaseCalls(test, staff);
    const polishing = await statusId(test, 'Polishing');
    const moved = await caseCalls.act(collection.cases[0]?.case_id ?? 0, {
      action: 'edit_case',
      case: { status_id: polishing },
    });
    expect(moved.statusCode).toBe(200);
  });

  it('refuses any other step (409), an unknown status (400) and an unknown project (404)', async () => {
    const pending = await createProject(test, { machine: mill, name: 'STEP-1' });
    const complete = await createProject(test, { machine: mill, name: 'STEP-2', status: 'Complete' });
    const skip = await calls.status(pending.id, { status: 'Complete' });
    expect(skip.statusCode).toBe(409);
    expect(errorMessage(skip)).toBe('A Programming project cannot become Complete');
    const same = await calls.status(pending.id, { status: 'Pending' });
    expect(errorMessage(same)).toBe('A Programming project cannot become Programming');
    const reopen = await calls.status(complete.id, { status: 'Ready' });
    expect(reopen.statusCode).toBe(409);
    expect(errorMessage(reopen)).toBe('A Complete project cannot become Make Ready');
    const bad = await calls.status(pending.id, { status: 'Started' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ status: 'Must be Pending, Ready or Complete' });
    const unknown = await calls.status(999_999, { status: 'Ready' });
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Machine project not found');
    expect((await projectRow(test, pending.id))?.status).toBe('Pending');
    expect(await projectAuditOf(test, pending.id)).toEqual([]);
  });
});

describe('a project in the collection answer', () => {
  it('shows the moved times where the case workspace reads them', async () => {
    const collection = await createCollection(test.db, { cases: [{ statusName: 'Machining' }] });
    const created = await calls.create({
      name: 'SHOWN',
      machine_id: mill.id,
      start_time: at('08:00', '2031-03-15').toISOString(),
      case_ids: [collection.cases[0]?.case_id],
    });
    const id = created.json<{ id: number }>().id;
    await calls.move(id, { start_time: at('10:00', '2031-03-15').toISOString() });
    const answer = await test.app.inject({
      method: 'GET',
      url: `/api/v2/collection/${collection.uid}/`,
      headers: staff.headers,
    });
    expect(answer.json().cases[0].machine_project).toMatchObject({
      name: 'SHOWN',
      start_time: at('10:00', '2031-03-15').toISOString(),
    });
    expect(
      (await test.db.select().from(machine_projects).where(eq(machine_projects.id, id)))[0]?.start_time,
    ).toEqual(at('10:00', '2031-03-15'));
  });
});
