import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { collectionApprovalSchema, type CollectionApproval } from '@lab/domain';
import { audit_events } from '../../db/schema/index';
import {
  multipartBody,
  sampleFiles,
  type MultipartFile,
  type SignedInUser,
  type TestApp,
} from '../../testing';

// Calls and look-ups shared by the approval tests.

export { caseAuditOf } from '../cases/cases-test-kit';

export const inMinutes = (minutes: number, from = new Date()): string =>
  new Date(from.getTime() + minutes * 60_000).toISOString();

export const filePart = (filename: string, content: Buffer | string): MultipartFile => ({
  field: 'files',
  filename,
  content,
});

export const samplePng = (name = 'design.png'): MultipartFile => filePart(name, sampleFiles.png());

export const createApprovalCalls = (test: TestApp, staff: SignedInUser) => ({
  create: (
    fields: Record<string, string>,
    files: MultipartFile[] = [],
    headers: Record<string, string> = staff.headers,
  ) => {
    const body = multipartBody(fields, files);
    return test.app.inject({
      method: 'POST',
      url: '/api/v2/approvals/',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  },
  act: (uid: string, action: string, headers: Record<string, string> = staff.headers) =>
    test.app.inject({ method: 'PATCH', url: `/api/v2/approval/${uid}/`, headers, payload: { action } }),
  attach: (uid: string, files: MultipartFile[], headers: Record<string, string> = staff.headers) => {
    const body = multipartBody({}, files);
    return test.app.inject({
      method: 'POST',
      url: `/api/v2/approval/${uid}/attach/`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  },
  deleteFile: (id: number | string, headers: Record<string, string> = staff.headers) =>
    test.app.inject({ method: 'DELETE', url: `/api/v2/approval/file/${id}/`, headers }),
});

export type ApprovalCalls = ReturnType<typeof createApprovalCalls>;

export const approvalOf = (response: LightMyRequestResponse): CollectionApproval => {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return collectionApprovalSchema.parse(response.json());
};

/** A pending approval on the case, created through the route. */
export const createPendingApproval = async (
  calls: ApprovalCalls,
  caseUid: string,
  fields: Record<string, string> = {},
  files: MultipartFile[] = [],
): Promise<CollectionApproval> =>
  approvalOf(
    await calls.create(
      { approval_type: 'DESIGN_APPROVAL', case_uid: caseUid, approval_due_at: inMinutes(120), ...fields },
      files,
    ),
  );

export const approvalAuditOf = (test: TestApp, approvalUid: string) =>
  test.db
    .select({ action: audit_events.action, changed_values: audit_events.changed_values })
    .from(audit_events)
    .where(eq(audit_events.entity_id, approvalUid))
    .orderBy(asc(audit_events.id));
