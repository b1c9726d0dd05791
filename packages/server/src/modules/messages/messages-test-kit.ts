import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { approvals, branches, outsources, partners, users } from '../../db/schema/index';
import { sampleFiles, type SignedInUser, type TestApp } from '../../testing';
import { putBytes, requestUpload } from '../files/file-service-test-kit';
import { changeUsers } from '../../testing/change-users';

// Calls and rows shared by the message, notification and realtime tests.

export type MessageFields = Record<string, string | string[]>;

/** A multipart body where a field given as a list is repeated (as the spec's web sends oft_attachments). */
export const multipartFields = (
  fields: MessageFields,
): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----lab${randomBytes(8).toString('hex')}`;
  const chunks: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${one}\r\n`);
    }
  }
  chunks.push(`--${boundary}--\r\n`);
  return {
    payload: Buffer.from(chunks.join('')),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

export const postMessage = (
  test: TestApp,
  user: SignedInUser | null,
  fields: MessageFields,
  as: 'multipart' | 'json' = 'multipart',
): Promise<LightMyRequestResponse> => {
  const auth = user ? user.headers : {};
  if (as === 'json') {
    return test.app.inject({ method: 'POST', url: '/api/v2/messages/', headers: auth, payload: fields });
  }
  const body = multipartFields(fields);
  return test.app.inject({
    method: 'POST',
    url: '/api/v2/messages/',
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
};

/** Posts and expects 200, answering the message. */
export const postOk = async (
  test: TestApp,
  user: SignedInUser,
  fields: MessageFields,
): Promise<{ uid: string } & Record<string, unknown>> => {
  const response = await postMessage(test, user, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

export const patchMessage = (test: TestApp, user: SignedInUser | null, uid: string, action: unknown) =>
  test.app.inject({
    method: 'PATCH',
    url: `/api/v2/message/${uid}/`,
    headers: user ? user.headers : {},
    payload: { action } as object,
  });

export const listMessages = (
  test: TestApp,
  user: SignedInUser | null,
  collectionUid: string,
  extraRef?: string,
) =>
  test.app.inject({
    method: 'GET',
    url: `/api/v2/collection/${collectionUid}/messages/${extraRef ? `?extra-ref=${extraRef}` : ''}`,
    headers: user ? user.headers : {},
  });

export const userIdOf = async (test: TestApp, username: string): Promise<number> => {
  const [row] = await test.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
};

/** Makes a signed-in employee's home branch the named one (signInAs creates them without a branch). */
export const placeAt = async (test: TestApp, username: string, branchName: string): Promise<void> => {
  const [branch] = await test.db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.name, branchName));
  if (!branch) throw new Error(`no branch ${branchName}`);
  await changeUsers(test.db, [username], { branch_id: branch.id });
};

export const createApproval = async (
  test: TestApp,
  caseUid: string,
  state: { approved?: boolean; cancelled?: boolean } = {},
): Promise<string> => {
  const [row] = await test.db
    .insert(approvals)
    .values({
      case_uid: caseUid,
      approval_type: 'DESIGN_APPROVAL',
      approval_due_at: new Date(Date.now() + 86_400_000),
      approved_at: state.approved ? new Date() : null,
      approved_by: state.approved ? 'client' : null,
      cancelled_at: state.cancelled ? new Date() : null,
    })
    .returning({ uid: approvals.uid });
  if (!row) throw new Error('no approval');
  return row.uid;
};

export const createOutsource = async (
  test: TestApp,
  caseUid: string,
  state: { ended?: boolean; partner?: string } = {},
): Promise<string> => {
  const [partner] = await test.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.name, state.partner ?? 'Dental Design Partners'));
  if (!partner) throw new Error('no partner');
  const [row] = await test.db
    .insert(outsources)
    .values({
      case_uid: caseUid,
      partner_id: partner.id,
      start: new Date(),
      end: state.ended ? sql`now()` : null,
    })
    .returning({ uid: outsources.uid });
  if (!row) throw new Error('no outsource');
  return row.uid;
};

/** Uploads a file through the file service for the collection; answers its service name. */
export const uploadCollectionFile = async (
  test: TestApp,
  user: SignedInUser,
  collectionUid: string,
  name: string,
  options: { complete?: boolean } = {},
): Promise<string> => {
  const item = await requestUpload(test, user, name, {
    entityType: 'COLLECTION',
    entityIdentification: collectionUid,
  });
  if (options.complete !== false) {
    const put = await putBytes(test, item.oneTimeUploadLink, sampleFiles.pdf());
    expect(put.statusCode, put.body).toBe(200);
  }
  return item.fileName;
};
