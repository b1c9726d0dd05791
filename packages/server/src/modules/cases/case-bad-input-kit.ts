import { asc, eq } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { branches, components, kits, machine_projects } from '../../db/schema/index';
import { signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, createEmployee, createImplant, type CaseRow } from '../../testing/factories';
import {
  expectRefusedUnchanged,
  sendRaw,
  snapshotWritableRows,
  type RawCall,
  type RowSnapshot,
} from '../../testing/bad-input-kit';
import { firstId, statusId } from './cases-test-kit';

// The cases the case bad-input tests write into, the calls they aim at them and the messages they expect.
// Each test file builds its own world in beforeAll (one database per file), and its tables read that world
// through a getter, because the tables are declared before beforeAll has run.

export type CaseBadInputWorld = {
  staff: SignedInUser;
  /** A fresh case of the main collection: the default target of every call. */
  plain: CaseRow;
  /** In Polishing, grouped: the case finishing may act on. */
  inLab: CaseRow;
  received: CaseRow;
  /** Machining in a machine project, so leaving production needs a confirmation. */
  milled: CaseRow;
  /** A case of another collection, which clone_implants must not reach. */
  elsewhere: CaseRow;
  /** The implant on tooth 11 of `plain`. */
  implantId: number;
  /** Reference rows the tables name, looked up once. */
  ids: {
    attachment: number;
    analog: number;
    scanGauge: number;
    clientGauge: number;
    machinist: number;
    designStatus: number;
    polishing: number;
  };
  /** Every writable row once the world is built: what each refused call must leave untouched. */
  before: RowSnapshot;
};

export const createCaseBadInputWorld = async (test: TestApp): Promise<CaseBadInputWorld> => {
  const staff = await signInAs(test, { department: 'DESIGN' });
  const melbourneId = await firstId(
    test.db.select({ id: branches.id }).from(branches).where(eq(branches.name, 'Melbourne')),
    'branch',
  );
  const projectId = await firstId(
    test.db
      .insert(machine_projects)
      .values({ name: 'Nest 7', branch_id: melbourneId, status: 'Pending' })
      .returning({ id: machine_projects.id }),
    'project',
  );
  const main = await createCollection(test.db, {
    cases: [
      {},
      { statusName: 'Polishing', groupNumber: 1 },
      { dateReceived: new Date() },
      { statusName: 'Machining', fields: { machine_project_id: projectId } },
    ],
  });
  const [plain, inLab, received, milled] = main.cases as [CaseRow, CaseRow, CaseRow, CaseRow];
  const implantId = (await createImplant(test.db, plain.uid, { tooth: 11 })).id;
  const [elsewhere] = (await createCollection(test.db)).cases as [CaseRow];
  const componentOf = (kind: string) =>
    firstId(
      test.db
        .select({ id: components.id })
        .from(components)
        .where(eq(components.kind, kind))
        .orderBy(asc(components.id)),
      kind,
    );
  const kitOf = (kind: string) =>
    firstId(
      test.db.select({ id: kits.id }).from(kits).where(eq(kits.kind, kind)).orderBy(asc(kits.id)),
      kind,
    );
  const ids = {
    attachment: await componentOf('attachment'),
    analog: await componentOf('analog'),
    scanGauge: await kitOf('SCAN_GAUGE'),
    clientGauge: await kitOf('CLIENT_GAUGE'),
    machinist: (await createEmployee(test.db, { department: 'MACHINING' })).id,
    designStatus: await statusId(test, 'Design In Progress'),
    polishing: await statusId(test, 'Polishing'),
  };
  const before = await snapshotWritableRows(test.db);
  return { staff, plain, inLab, received, milled, elsewhere, implantId, ids, before };
};

type CaseTarget = { case_id: number };

/** Builders of the raw calls; defaults resolve when a call is built, after beforeAll. */
export const createCaseBadInputCalls = (world: () => CaseBadInputWorld) => {
  const caseUrl = (row: CaseTarget = world().plain) => `/api/v2/case/${row.case_id}/`;
  const act = (body: unknown, row?: CaseTarget): RawCall => ({ url: caseUrl(row), body });
  return {
    caseUrl,
    act,
    editCase: (edit: unknown): RawCall => act({ action: 'edit_case', case: edit }),
    editLines: (lines: unknown): RawCall => act({ action: 'edit_component', case: { attachments: lines } }),
    updateTimes: (times: object): RawCall => act({ action: 'update_times', ...times }),
    redo: (request: unknown): RawCall => act({ action: 'redo_case', redo: request }),
    finish: (body: unknown, row: CaseTarget = world().inLab): RawCall => ({
      url: `/api/v2/finishing/${row.case_id}/`,
      body,
    }),
    implantUrl: () => `/api/v2/case/${world().plain.uid}/implants/`,
  };
};

/** One row of a table: what is sent, and the status and message it must be refused with. */
export type BadInput = [label: string, call: () => RawCall, status: number, message: string];

export const invalidAction = 'Invalid action';
export const notNumber = 'Must be a number';

/**
 * One test per row, in groups: the call is sent as the world's staff member and must be refused with its
 * status and message, leaving every writable row as it was.
 */
export const describeRefusals = (
  context: () => { test: TestApp; world: CaseBadInputWorld },
  groups: [group: string, inputs: BadInput[]][],
): void => {
  describe.each(groups)('%s', (_group, inputs) => {
    const rows = inputs.map(([label, call, status, message]) => ({ label, call, status, message }));
    it.each(rows)('$label → $status $message, nothing changed', async ({ call, status, message }) => {
      const { test, world } = context();
      const response = await sendRaw(test, world.staff, call());
      await expectRefusedUnchanged(test, response, { status, message, before: world.before });
    });
  });
};
