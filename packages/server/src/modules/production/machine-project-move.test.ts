import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarProjectSchema } from '@lab/domain';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import {
  at,
  createMachine,
  createProductionCalls,
  createProject,
  projectAuditOf,
  projectRow,
} from './production-test-kit';

// Moving a project on the machine calendar (PATCH /api/v2/machine_project/{id}/), issue 14 §2: rounded to
// 5 minutes, the end moved with it, one project per machine at a time, only open projects, audited.

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createProductionCalls>;
let mill: Awaited<ReturnType<typeof createMachine>>;
let otherMill: Awaited<ReturnType<typeof createMachine>>;
let retired: Awaited<ReturnType<typeof createMachine>>;
let sydneyMill: Awaited<ReturnType<typeof createMachine>>;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'MACHINING', username: 'programmer' });
  calls = createProductionCalls(test, staff);
  mill = await createMachine(test, { name: 'CORiTEC 550i' });
  otherMill = await createMachine(test, { name: 'DWX-52DCi' });
  retired = await createMachine(test, { name: 'Old Mill', isActive: false });
  sydneyMill = await createMachine(test, { branch: 'Sydney', name: 'CORiTEC 350i' });
});
afterAll(() => test.close());

describe('PATCH /api/v2/machine_project/{id}/', () => {
  it('moves the start rounded to 5 minutes and the end by the same amount, with an audit row', async () => {
    const project = await createProject(test, {
      machine: mill,
      name: 'MOVE-1',
      start: at('09:00'),
      end: at('12:00'),
    });
    const response = await calls.move(project.id, { start_time: '2031-03-04T09:07:31+11:00' });
    expect(response.statusCode).toBe(200);
    const moved = calendarProjectSchema.parse(response.json());
    expect(moved).toMatchObject({
      start_time: at('09:10', '2031-03-04').toISOString(),
      end_time: at('12:10', '2031-03-04').toISOString(),
      machine_id: mill.id,
      status: 'Pending',
    });
    expect(await projectRow(test, project.id)).toMatchObject({
      start_time: at('09:10', '2031-03-04'),
      end_time: at('12:10', '2031-03-04'),
    });
    expect(await projectAuditOf(test, project.id)).toEqual([
      {
        action: 'moved',
        actor_reference: 'programmer',
        changed_values: {
          start_time: { old: at('09:00').toISOString(), new: at('09:10', '2031-03-04').toISOString() },
          end_time: { old: at('12:00').toISOString(), new: at('12:10', '2031-03-04').toISOString() },
        },
      },
    ]);
    // Half way down rounds down: 2 min 29 s past is the five before.
    const back = await calls.move(project.id, { start_time: '2031-03-04T09:02:29+11:00' });
    expect(back.json()).toMatchObject({ start_time: at('09:00', '2031-03-04').toISOString() });
  });

  it('moves a Make Ready project to another machine of its branch, naming both machines in the audit', async () => {
    const project = await createProject(test, {
      machine: mill,
      name: 'MOVE-2',
      start: at('13:00', '2031-03-05'),
      end: at('14:00', '2031-03-05'),
      status: 'Ready',
    });
    const response = await calls.move(project.id, { machine_id: otherMill.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      machine_id: otherMill.id,
      start_time: at('13:00', '2031-03-05').toISOString(),
    });
    expect((await projectAuditOf(test, project.id))[0]?.changed_values).toEqual({
      machine: { old: 'CORiTEC 550i', new: 'DWX-52DCi' },
    });
  });

  it('places a project without a slot for the default hour; an unchanged move writes nothing', async () => {
    const project = await createProject(test, { machine: null, branchId: mill.branch_id, name: 'MOVE-3' });
    const response = await calls.move(project.id, {
      start_time: at('08:00', '2031-03-06').toISOString(),
      machine_id: mill.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      start_time: at('08:00', '2031-03-06').toISOString(),
      end_time: at('09:00', '2031-03-06').toISOString(),
    });
    const again = await calls.move(project.id, { start_time: at('08:00', '2031-03-06').toISOString() });
    expect(again.statusCode).toBe(200);
    expect(await projectAuditOf(test, project.id)).toHaveLength(1);
    const noMachine = await createProject(test, { machine: null, branchId: mill.branch_id, name: 'MOVE-3B' });
    const refused = await calls.move(noMachine.id, { start_time: at('08:00', '2031-03-06').toISOString() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ machine_id: 'Must be selected' });
  });

  it('refuses a slot another project holds on that machine (409); touching ends are fine', async () => {
    await createProject(test, {
      machine: mill,
      name: 'BUSY',
      start: at('10:00', '2031-03-07'),
      end: at('12:00', '2031-03-07'),
    });
    const project = await createProject(test, {
      machine: mill,
      name: 'MOVE-4',
      start: at('14:00', '2031-03-07'),
      end: at('15:00', '2031-03-07'),
    });
    const overlapping = await calls.move(project.id, { start_time: at('11:30', '2031-03-07').toISOString() });
    expect(overlapping.statusCode).toBe(409);
    expect(errorMessage(overlapping)).toBe('The machine is busy with project BUSY at that time');
    // 09:02 rounds to 09:00: it ends exactly when BUSY starts.
    const before = await calls.move(project.id, { start_time: '2031-03-07T09:02:00+11:00' });
    expect(before.statusCode).toBe(200);
    const after = await calls.move(project.id, { start_time: at('12:00', '2031-03-07').toISOString() });
    expect(after.statusCode).toBe(200);
    // The same slot on the other mill is free.
    const elsewhere = await calls.move(project.id, {
      start_time: at('11:00', '2031-03-07').toISOString(),
      machine_id: otherMill.id,
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(await projectAuditOf(test, project.id)).toHaveLength(3);
  });

  it('lets exactly one of two simultaneous moves onto one free slot through', async () => {
    const slot = at('13:00', '2031-03-20');
    const [first, second] = await Promise.all(
      ['RACE-1', 'RACE-2'].map((name, i) =>
        createProject(test, {
          machine: otherMill,
          name,
          start: at(`0${i + 6}:00`, '2031-03-20'),
          end: at(`0${i + 6}:30`, '2031-03-20'),
        }),
      ),
    );
    const answers = await Promise.all(
      [first, second].map((project) => calls.move(project?.id ?? 0, { start_time: slot.toISOString() })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('moves only Programming or Make Ready projects (409)', async () => {
    const project = await createProject(test, {
      machine: mill,
      name: 'DONE',
      start: at('08:00', '2031-03-08'),
      end: at('09:00', '2031-03-08'),
      status: 'Complete',
    });
    const response = await calls.move(project.id, { start_time: at('10:00', '2031-03-08').toISOString() });
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe('Only Programming or Make Ready projects can be moved');
    expect(await projectAuditOf(test, project.id)).toEqual([]);
  });

  it('answers 404 for a project that does not exist, 400 for a body it cannot use', async () => {
    for (const id of ['999999', 'abc', '99999999999']) {
      const response = await calls.move(id, { start_time: at('10:00').toISOString() });
      expect(response.statusCode, id).toBe(404);
      expect(errorMessage(response)).toBe('Machine project not found');
    }
    const project = await createProject(test, {
      machine: mill,
      name: 'MOVE-5',
      start: at('08:00', '2031-03-09'),
      end: at('09:00', '2031-03-09'),
    });
    const refusals: [unknown, string, string][] = [
      [{}, 'start_time', 'Send a start time or a machine'],
      [{ start_time: 'tomorrow' }, 'start_time', 'Must be a date and time'],
      [{ machine_id: 'x' }, 'machine_id', 'Unknown machine'],
      [{ machine_id: sydneyMill.id }, 'machine_id', 'Unknown machine'],
      [{ machine_id: retired.id }, 'machine_id', 'Unknown machine'],
      [{ machine_id: 999_999 }, 'machine_id', 'Unknown machine'],
    ];
    for (const [body, field, message] of refusals) {
      const response = await calls.move(project.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await projectAuditOf(test, project.id)).toEqual([]);
    const anonymous = await test.app.inject({
      method: 'PATCH',
      url: `/api/v2/machine_project/${project.id}/`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
