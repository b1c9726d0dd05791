import type { LightMyRequestResponse } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { case_audit, cases, delegation_audit, statuses } from '../../db/schema/index';
import type { SignedInUser, TestApp } from '../../testing';

// Calls and look-ups shared by the case action tests.

export const createCaseCalls = (test: TestApp, staff: SignedInUser) => ({
  act: (caseId: number | string, payload: unknown, headers: Record<string, string> = staff.headers) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${caseId}/`,
      headers,
      payload: payload as object,
    }),
  finish: (caseId: number | string, payload: unknown, headers: Record<string, string> = staff.headers) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v2/finishing/${caseId}/`,
      headers,
      payload: payload as object,
    }),
});

export const fieldsOf = (response: LightMyRequestResponse): unknown =>
  response.json<{ error: { fields?: unknown } }>().error.fields;

export const loadCase = async (test: TestApp, uid: string) => {
  const [row] = await test.db.select().from(cases).where(eq(cases.uid, uid));
  if (!row) throw new Error(`no case ${uid}`);
  return row;
};

/** The case audit rows of a case, oldest first. */
export const caseAuditOf = (test: TestApp, uid: string) =>
  test.db
    .select({ modified_by: case_audit.modified_by, changed_values: case_audit.changed_values })
    .from(case_audit)
    .where(eq(case_audit.case_uid, uid))
    .orderBy(asc(case_audit.id));

export const delegationAuditOf = (test: TestApp, uid: string) =>
  test.db
    .select({ delegated_to_id: delegation_audit.delegated_to_id, modified_by: delegation_audit.modified_by })
    .from(delegation_audit)
    .where(eq(delegation_audit.case_uid, uid))
    .orderBy(asc(delegation_audit.id));

export const statusId = async (test: TestApp, name: string): Promise<number> => {
  const [row] = await test.db.select({ id: statuses.id }).from(statuses).where(eq(statuses.name, name));
  if (!row) throw new Error(`no status ${name}`);
  return row.id;
};

/** The id of the first row a query answers (a reference row looked up by name or kind). */
export const firstId = async (rows: Promise<{ id: number }[]>, what: string): Promise<number> => {
  const [row] = await rows;
  if (!row) throw new Error(`no ${what}`);
  return row.id;
};
