import { and, asc, eq } from 'drizzle-orm';
import { audit_events, checklist_items } from '../../db/schema/index';
import type { SignedInUser, TestApp } from '../../testing';

// Calls and rows the checklist tests share: a case's items written as a template copy would write them,
// and the three checklist calls.

export type ItemSpec = { name: string; department?: string; mandatory?: boolean; done?: boolean };

/** Items of a case, in the order given (as copyChecklist writes a job type's templates). */
export const addItems = async (test: TestApp, caseUid: string, specs: ItemSpec[]) =>
  test.db
    .insert(checklist_items)
    .values(
      specs.map((spec, sort) => ({
        case_uid: caseUid,
        name: spec.name,
        department: spec.department ?? 'POLISHING',
        mandatory: spec.mandatory ?? false,
        done: spec.done ?? false,
        checked_at: spec.done ? new Date() : null,
        checked_by_name: spec.done ? 'Pat Polisher' : null,
        sort,
      })),
    )
    .returning();

export const createChecklistCalls = (test: TestApp, user: SignedInUser) => ({
  get: (caseUid: string, headers: Record<string, string> = user.headers) =>
    test.app.inject({ method: 'GET', url: `/api/v2/checklists/${caseUid}/`, headers }),
  post: (caseUid: string, payload: unknown, headers: Record<string, string> = user.headers) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v2/checklists/${caseUid}/`,
      headers,
      payload: payload as object,
    }),
  remove: (caseUid: string, itemId: number | string, headers: Record<string, string> = user.headers) =>
    test.app.inject({ method: 'DELETE', url: `/api/v2/checklists/${caseUid}/${itemId}/`, headers }),
});

/** The audit_events rows of one entity, oldest first. */
export const auditRowsOf = (test: TestApp, entity: string, entityId: number | string) =>
  test.db
    .select({
      action: audit_events.action,
      actor_reference: audit_events.actor_reference,
      case_uid: audit_events.case_uid,
      collection_uid: audit_events.collection_uid,
      changed_values: audit_events.changed_values,
    })
    .from(audit_events)
    .where(and(eq(audit_events.entity_type, entity), eq(audit_events.entity_id, String(entityId))))
    .orderBy(asc(audit_events.id));
