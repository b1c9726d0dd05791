import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, message_attachments, messages } from '../../db/schema/index';
import {
  createTestApp,
  errorMessage,
  multipartBody,
  sampleFiles,
  signInAs,
  type SignedInUser,
  type TestApp,
} from '../../testing';
import { createCollection, type CreatedCollection } from '../../testing/factories';

// GET /api/v2/messages/attachments/{uid}/ and its blur_attachment / restore_attachment, on the same
// storage as the case files. The message and its attachment are stored through the case's upload (the
// composer comes with the messages issue), then linked to a message row.

let test: TestApp;
let designer: SignedInUser;
let machinist: SignedInUser;
let collection: CreatedCollection;

const uploadPhoto = async (name: string, content: Buffer) => {
  const caseRow = collection.cases[0];
  if (!caseRow) throw new Error('no case');
  const body = multipartBody({ action: 'upload_files', type: 'internal_file' }, [
    { field: 'files', filename: name, content },
  ]);
  const response = await test.app.inject({
    method: 'POST',
    url: `/api/v2/case/${caseRow.case_id}/`,
    headers: { ...designer.headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(200);
  const [row] = await test.db.select().from(files).where(eq(files.filename, name));
  if (!row) throw new Error('no file');
  // It is a message attachment now, not a case file.
  await test.db.update(files).set({ file_category: 'message_attachment' }).where(eq(files.id, row.id));
  const [message] = await test.db
    .insert(messages)
    .values({
      case_collection_uid: collection.uid,
      message_type: 'CLIENT_MESSAGE',
      visibility: 'CLIENTS',
      author_reference: 'Client',
      direction: 'INBOUND',
      note: 'See photo',
    })
    .returning();
  if (!message) throw new Error('no message');
  const [attachment] = await test.db
    .insert(message_attachments)
    .values({ message_uid: message.uid, file_id: row.id, file_name: name })
    .returning();
  if (!attachment) throw new Error('no attachment');
  return { messageUid: message.uid, attachmentUid: attachment.uid, fileId: row.id };
};

const attachmentUrl = (uid: string) => `/api/v2/messages/attachments/${uid}/`;

/** A JSON attachment action (restore, or a blur without its image). */
const postAction = (uid: string, payload: object, user: SignedInUser = designer) =>
  test.app.inject({ method: 'POST', url: attachmentUrl(uid), headers: user.headers, payload });

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  machinist = await signInAs(test, { department: 'MACHINING' });
  collection = await createCollection(test.db, { cases: [{}] });
});

afterAll(async () => {
  await test.close();
});

describe('message attachments', () => {
  it('answers a one-time link to the attachment', async () => {
    const { attachmentUid } = await uploadPhoto('mouth.jpg', sampleFiles.jpeg());
    const unauthenticated = await test.app.inject({ method: 'GET', url: attachmentUrl(attachmentUid) });
    expect(unauthenticated.statusCode).toBe(401);
    const response = await test.app.inject({
      method: 'GET',
      url: attachmentUrl(attachmentUid),
      headers: designer.headers,
    });
    expect(response.statusCode).toBe(200);
    const download = await test.app.inject({ method: 'GET', url: response.json<{ url: string }>().url });
    expect(download.rawPayload.equals(sampleFiles.jpeg())).toBe(true);
    const unknown = await test.app.inject({
      method: 'GET',
      url: attachmentUrl('00000000-0000-4000-8000-000000000000'),
      headers: designer.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('File not found');
  });

  it('blurs an attachment keeping the original, and restores it for DESIGN only', async () => {
    const { messageUid, attachmentUid, fileId } = await uploadPhoto('smile.jpg', sampleFiles.jpeg());
    const body = multipartBody({ action: 'blur_attachment', ref_id: messageUid, filename: 'smile.jpg' }, [
      { field: 'files', filename: 'blob', content: sampleFiles.png() },
    ]);
    const blurred = await test.app.inject({
      method: 'POST',
      url: attachmentUrl(attachmentUid),
      headers: { ...designer.headers, ...body.headers },
      payload: body.payload,
    });
    expect(blurred.statusCode).toBe(200);
    expect(blurred.json()).toEqual({ uid: attachmentUid, file_name: 'smile.jpg', blurred: true });
    const [pointing] = await test.db
      .select()
      .from(message_attachments)
      .where(eq(message_attachments.uid, attachmentUid));
    expect(pointing?.file_id).not.toBe(fileId);

    const forbidden = await postAction(
      attachmentUid,
      { action: 'restore_attachment', ref_id: messageUid },
      machinist,
    );
    expect(forbidden.statusCode).toBe(403);
    const wrongMessage = await postAction(attachmentUid, {
      action: 'restore_attachment',
      ref_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(wrongMessage.statusCode).toBe(404);
    const restored = await postAction(attachmentUid, { action: 'restore_attachment', ref_id: messageUid });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ uid: attachmentUid, file_name: 'smile.jpg', blurred: false });
    const [back] = await test.db
      .select()
      .from(message_attachments)
      .where(eq(message_attachments.uid, attachmentUid));
    expect(back?.file_id).toBe(fileId);
  });

  it('refuses a blur without an image and an unknown action', async () => {
    const { messageUid, attachmentUid } = await uploadPhoto('teeth.jpg', sampleFiles.jpeg());
    const noFile = await postAction(attachmentUid, { action: 'blur_attachment', ref_id: messageUid });
    expect(noFile.statusCode).toBe(400);
    expect(errorMessage(noFile)).toBe('Please choose a file to upload');
    const badAction = await postAction(attachmentUid, { action: 'shred', ref_id: messageUid });
    expect(badAction.statusCode).toBe(400);
    expect(errorMessage(badAction)).toBe('Invalid action');
  });
});
