import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workQueueSchema } from '@lab/domain';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import {
  createCollection,
  createEmployee,
  type CreatedCollection,
  type EmployeeRow,
} from '../../testing/factories';
import { statusId } from '../cases/cases-test-kit';
import { branchIdOf, createMachine, createProductionCalls, createProject } from './production-test-kit';
import { changeUsers } from '../../testing/change-users';

// GET /api/v2/work_queue/?department=&delegate=&status=&branch=: the benches of the systems menu.

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createProductionCalls>;
let dana: EmployeeRow;
let dev: EmployeeRow;
let main: CreatedCollection;
let melbourne: number;
const hour = 3_600_000;
const now = Date.now();
const inHours = (hours: number) => new Date(now + hours * hour);

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN', username: 'bench' });
  melbourne = await branchIdOf(test, 'Melbourne');
  await changeUsers(test.db, ['bench'], { branch_id: melbourne });
  calls = createProductionCalls(test, staff);
  dana = await createEmployee(test.db, { department: 'DESIGN', firstName: 'Dana', lastName: 'Designer' });
  dev = await createEmployee(test.db, { department: 'DESIGN', firstName: 'Dev', lastName: 'Drafter' });
  const mill = await createMachine(test);
  const project = await createProject(test, { machine: mill, name: 'NEST-Q', status: 'Ready' });
  main = await createCollection(test.db, {
    patientReference: 'Queue Patient',
    clientName: 'Queue Dental',
    vip: true,
    cases: [
      // Design: due in 5 h, on time.
      {
        statusName: 'Design In Progress',
        delegatedToId: dana.id,
        fields: { design_due: inHours(5), buffer_time_seconds: 7200 },
      },
      // Design: overdue 2 h ago and at risk.
      {
        statusName: 'Design In Progress',
        delegatedToId: dev.id,
        fields: { design_due: inHours(-2), buffer_time_seconds: -3600 },
      },
      // Design: a rush deadline sooner than its stage due wins; not delegated.
      {
        statusName: 'Awaiting Client Approval',
        immediacyDue: inHours(1),
        fields: { design_due: inHours(30), buffer_time_seconds: 0 },
      },
      // Design: no schedule at all goes last.
      { statusName: 'Design In Progress', delegatedToId: dana.id },
      // Production, in a project.
      { statusName: 'Machining', fields: { machining_due: inHours(3), machine_project_id: project.id } },
      // Finishing and warehouse.
      { statusName: 'Polishing', fields: { dispatch_due: inHours(4) } },
      { statusName: 'Ready for Dispatch', fields: { dispatch_due: inHours(2), redo_type: 'internal' } },
      // Not active: never in a queue.
      { statusName: 'Dispatched', fields: { design_due: inHours(-50) } },
    ],
  });
  // Another branch's design case.
  await createCollection(test.db, { branch: 'Sydney', cases: [{ statusName: 'Design In Progress' }] });
});
afterAll(() => test.close());

const keys = (body: { cases: { case_mkey: string }[] }) => body.cases.map((c) => c.case_mkey);
const mkey = (n: number) => main.cases[n]?.case_mkey;

describe('GET /api/v2/work_queue/', () => {
  it("lists the department's cases at the user's branch by due time, flagging overdue and at risk", async () => {
    const response = await calls.queue('department=DESIGN');
    expect(response.statusCode).toBe(200);
    const queue = workQueueSchema.parse(response.json());
    expect(queue.branch).toEqual({ id: melbourne, name: 'Melbourne' });
    expect(keys(queue)).toEqual([mkey(1), mkey(2), mkey(0), mkey(3)]);
    const [overdue, rush, onTime, unscheduled] = queue.cases;
    expect(overdue).toMatchObject({
      is_overdue: true,
      is_at_risk: true,
      buffer_time_seconds: -3600,
      delegate: { id: dev.id, name: 'Dev Drafter' },
      status: { name: 'Design In Progress' },
      patient_reference: 'Queue Patient',
      client_name: 'Queue Dental',
      collection_uid: main.uid,
      collection_id: main.collection_id,
      vip: true,
      redo: false,
    });
    expect(rush).toMatchObject({
      is_overdue: false,
      is_at_risk: false,
      delegate: null,
      due_time: inHours(1).toISOString(),
    });
    expect(onTime).toMatchObject({
      is_overdue: false,
      is_at_risk: false,
      delegate: { name: 'Dana Designer' },
    });
    expect(unscheduled).toMatchObject({ due_time: null, is_overdue: false, is_at_risk: false });
    expect(queue.truncated).toBe(false);
    expect(queue.filters).toEqual({
      delegates: [
        { id: dana.id, name: 'Dana Designer', count: 2 },
        { id: dev.id, name: 'Dev Drafter', count: 1 },
      ],
      undelegated_count: 1,
      statuses: [
        { id: await statusId(test, 'Awaiting Client Approval'), name: 'Awaiting Client Approval', count: 1 },
        { id: await statusId(test, 'Design In Progress'), name: 'Design In Progress', count: 3 },
      ],
    });
  });

  it('filters by delegate (or none) and status, keeping the choices of the whole queue', async () => {
    const byDana = workQueueSchema.parse((await calls.queue(`department=DESIGN&delegate=${dana.id}`)).json());
    expect(keys(byDana)).toEqual([mkey(0), mkey(3)]);
    expect(byDana.filters.delegates).toHaveLength(2);
    const undelegated = workQueueSchema.parse((await calls.queue('department=DESIGN&delegate=none')).json());
    expect(keys(undelegated)).toEqual([mkey(2)]);
    const approval = await statusId(test, 'Awaiting Client Approval');
    const byStatus = workQueueSchema.parse(
      (await calls.queue(`department=DESIGN&status=${approval}`)).json(),
    );
    expect(keys(byStatus)).toEqual([mkey(2)]);
    const both = workQueueSchema.parse(
      (await calls.queue(`department=DESIGN&status=${approval}&delegate=${dana.id}`)).json(),
    );
    expect(both.cases).toEqual([]);
  });

  it('holds production, finishing and warehouse cases in their own queues', async () => {
    const production = workQueueSchema.parse((await calls.queue('department=PRODUCTION')).json());
    expect(keys(production)).toEqual([mkey(4)]);
    expect(production.cases[0]?.machine_project).toMatchObject({ name: 'NEST-Q', status: 'Ready' });
    const finishing = workQueueSchema.parse((await calls.queue('department=FINISHING')).json());
    expect(keys(finishing)).toEqual([mkey(5)]);
    const warehouse = workQueueSchema.parse((await calls.queue('department=WAREHOUSE')).json());
    expect(keys(warehouse)).toEqual([mkey(6)]);
    expect(warehouse.cases[0]).toMatchObject({ redo: true });
    const sydney = await branchIdOf(test, 'Sydney');
    const other = workQueueSchema.parse((await calls.queue(`department=DESIGN&branch=${sydney}`)).json());
    expect(other.branch.name).toBe('Sydney');
    expect(other.cases).toHaveLength(1);
  });

  it('refuses a query it cannot use (400), an unknown branch (404) and no sign-in (401)', async () => {
    const refusals: [string, string, string][] = [
      ['', 'department', 'Must be DESIGN, PRODUCTION, FINISHING or WAREHOUSE'],
      ['department=ADMIN', 'department', 'Must be DESIGN, PRODUCTION, FINISHING or WAREHOUSE'],
      ['department=DESIGN&delegate=me', 'delegate', 'Must be an employee id or none'],
      ['department=DESIGN&status=x', 'status', 'Must be a status id'],
      ['department=DESIGN&branch=0', 'branch', 'Invalid branch'],
    ];
    for (const [query, field, message] of refusals) {
      const response = await calls.queue(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.fields?.[field], query).toBe(message);
    }
    const unknown = await calls.queue('department=DESIGN&branch=999999');
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Branch not found');
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/v2/work_queue/?department=DESIGN' });
    expect(anonymous.statusCode).toBe(401);
  });
});
