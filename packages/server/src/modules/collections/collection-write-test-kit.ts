import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  audit_events,
  branches,
  case_audit,
  job_types,
  kits,
  location_audit,
  order_stages,
  statuses,
} from '../../db/schema/index';
import type { SignedInUser, TestApp } from '../../testing';
import { first } from './fixture-rows';

// Helpers of the collection write tests: calls with or without a token, reference ids by name and the
// audit rows a write leaves.

export const callCollection = (
  test: TestApp,
  request: {
    method: 'PATCH' | 'POST';
    uid: string;
    path?: string;
    payload?: unknown;
    user?: SignedInUser | null;
  },
) =>
  test.app.inject({
    method: request.method,
    url: `/api/v2/collection/${request.uid}/${request.path ?? ''}`,
    headers: request.user ? request.user.headers : {},
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });

export const fieldsOf = (response: { json: <T>() => T }): Record<string, string> =>
  response.json<{ error: { fields?: Record<string, string> } }>().error.fields ?? {};

const idWhere = async (rows: Promise<{ id: number }[]>): Promise<number> => first(await rows).id;

export const referenceIds = (db: Db) => ({
  branch: (name: string) =>
    idWhere(db.select({ id: branches.id }).from(branches).where(eq(branches.name, name))),
  kit: (code: string) => idWhere(db.select({ id: kits.id }).from(kits).where(eq(kits.code, code))),
  orderStage: (name: string) =>
    idWhere(db.select({ id: order_stages.id }).from(order_stages).where(eq(order_stages.name, name))),
  jobType: (name: string) =>
    idWhere(db.select({ id: job_types.id }).from(job_types).where(eq(job_types.name, name))),
  status: (name: string) =>
    idWhere(db.select({ id: statuses.id }).from(statuses).where(eq(statuses.name, name))),
});

export const collectionAuditRows = (db: Db, collectionUid: string) =>
  db
    .select({
      entity_type: audit_events.entity_type,
      entity_id: audit_events.entity_id,
      action: audit_events.action,
      changed_values: audit_events.changed_values,
      actor_reference: audit_events.actor_reference,
    })
    .from(audit_events)
    .where(eq(audit_events.collection_uid, collectionUid))
    .orderBy(asc(audit_events.id));

export const locationAuditRows = (db: Db, collectionUid: string) =>
  db
    .select({
      bin_location: location_audit.bin_location,
      bin_location_branch_id: location_audit.bin_location_branch_id,
      moved_by: location_audit.moved_by,
    })
    .from(location_audit)
    .where(eq(location_audit.collection_uid, collectionUid))
    .orderBy(asc(location_audit.id));

export const caseAuditRows = (db: Db, caseUid: string) =>
  db
    .select({ modified_by: case_audit.modified_by, changed_values: case_audit.changed_values })
    .from(case_audit)
    .where(eq(case_audit.case_uid, caseUid))
    .orderBy(asc(case_audit.id));
