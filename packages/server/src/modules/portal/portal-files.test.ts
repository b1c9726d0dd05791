import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  portalCollectionSchema,
  portalFileLinkSchema,
  portalTexts,
  uploadMessages,
  type PortalCollection,
} from '@lab/domain';
import {
  createTestApp,
  errorMessage,
  multipartBody,
  sampleFiles,
  signInAs,
  type SignedInUser,
  type TestApp,
} from '../../testing';
import { createCollection, type CaseRow, type CreatedCollection } from '../../testing/factories';
import {
  createApprovalCalls,
  createPendingApproval,
  filePart,
  samplePng,
  type ApprovalCalls,
} from '../approvals/approvals-test-kit';
import { postOk, uploadCollectionFile } from '../messages/messages-test-kit';
import {
  createPortalCalls,
  expectLinkHeaders,
  jsonOf,
  uploadCaseFiles,
  type PortalCalls,
} from './portal-test-kit';

// GET /api/v2/customer/{portal_key}/file/{type}/{id}/: a one-time link to a file the portal lists — an
// approval file, an attachment of a CLIENTS message, an order file — of the key's own collection. Every
// other file, type or id is the same 404, so the answer tells nothing about what exists.

let test: TestApp;
let designer: SignedInUser;
let approvalCalls: ApprovalCalls;

type Seeded = {
  collection: CreatedCollection;
  caseRow: CaseRow;
  portal: PortalCalls;
  internalFileId: number;
  staffAttachmentUid: string;
};

let mine: Seeded;
let theirs: Seeded;

/** A collection with an order file, an internal file, an approval with a file, and messages with files. */
const seed = async (clientName: string): Promise<Seeded> => {
  const collection = await createCollection(test.db, {
    clientName,
    cases: [{ statusName: 'Design In Progress' }],
  });
  const caseRow = collection.cases[0] as CaseRow;
  await uploadCaseFiles(test, designer, caseRow.case_id, 'order_file', [
    filePart('upper_scan.stl', sampleFiles.stl()),
  ]);
  const staffCase = await uploadCaseFiles(test, designer, caseRow.case_id, 'internal_file', [
    samplePng('lab_only_margin_check.png'),
  ]);
  await createPendingApproval(approvalCalls, caseRow.uid, {}, [samplePng('design_front.png')]);
  const portal = createPortalCalls(test, collection.portal_key);
  const fromClient = await portal.message({ note: 'Photo of the try-in' }, [
    { field: 'attachments', filename: 'try_in.png', content: sampleFiles.png() },
  ]);
  expect(fromClient.statusCode, fromClient.body).toBe(200);
  await postOk(test, designer, {
    case_collection_uid: collection.uid,
    message_type: 'CLIENT_MESSAGE',
    note: 'Here is the prescription',
    oft_attachments: await uploadCollectionFile(test, designer, collection.uid, 'prescription.pdf'),
  });
  const staffNote = await postOk(test, designer, {
    case_collection_uid: collection.uid,
    case_uid: caseRow.uid,
    message_type: 'CASE_NOTE',
    note: 'Internal photo',
    oft_attachments: await uploadCollectionFile(test, designer, collection.uid, 'staff_only_notes.pdf'),
  });
  const internalFileId = staffCase.internal_files[0]?.id ?? 0;
  const staffAttachmentUid = (staffNote['attachments'] as { uid: string }[])[0]?.uid ?? '';
  expect(internalFileId).toBeGreaterThan(0);
  expect(staffAttachmentUid).not.toBe('');
  return { collection, caseRow, portal, internalFileId, staffAttachmentUid };
};

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  approvalCalls = createApprovalCalls(test, designer);
  mine = await seed('Eastside Dental');
  theirs = await seed('Westside Dental');
});

afterAll(async () => {
  await test.close();
});

const loadPortal = async (seeded: Seeded): Promise<PortalCollection> =>
  portalCollectionSchema.parse(jsonOf(await seeded.portal.load()));

/** Every file the portal lists, as the type and id its file call takes. */
const listedFiles = (portal: PortalCollection) => [
  ...portal.cases.flatMap((c) =>
    c.order_files.map((f) => ({ type: 'order_file', id: String(f.id), name: f.filename })),
  ),
  ...portal.approvals.flatMap((a) =>
    a.approval_files.map((f) => ({ type: 'approval_file', id: String(f.id), name: f.filename })),
  ),
  ...portal.messages.flatMap((m) =>
    m.attachments.map((a) => ({ type: 'message_attachment', id: a.uid, name: a.file_name })),
  ),
];

const expectFileNotFound = async (portal: PortalCalls, type: string, id: string | number) => {
  const response = await portal.file(type, id);
  expect({ type, id, status: response.statusCode }).toEqual({ type, id, status: 404 });
  expect(errorMessage(response)).toBe('File not found');
  expectLinkHeaders(response);
};

describe('GET /api/v2/customer/{portal_key}/file/{type}/{id}/', () => {
  it('answers a one-time link and the name for every file the portal lists', async () => {
    const listed = listedFiles(await loadPortal(mine));
    expect(listed.map((f) => `${f.type}:${f.name}`).sort()).toEqual([
      'approval_file:design_front.png',
      'message_attachment:design_front.png',
      'message_attachment:prescription.pdf',
      'message_attachment:try_in.png',
      'order_file:upper_scan.stl',
    ]);
    for (const file of listed) {
      const response = await mine.portal.file(file.type, file.id);
      expectLinkHeaders(response);
      const link = portalFileLinkSchema.parse(jsonOf(response));
      expect(link.file_name).toBe(file.name);
      expect(link.url).toMatch(/^\/files\/download\/[A-Za-z0-9_-]+$/);
      const download = await test.app.inject({ method: 'GET', url: link.url });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.length).toBeGreaterThan(0);
      const again = await test.app.inject({ method: 'GET', url: link.url });
      expect(again.statusCode).toBe(410);
      expect(errorMessage(again)).toBe(uploadMessages.linkGone);
    }
  });

  it('downloads the very bytes that were uploaded', async () => {
    const attachment = (await loadPortal(mine)).messages
      .flatMap((m) => m.attachments)
      .find((a) => a.file_name === 'try_in.png');
    const link = portalFileLinkSchema.parse(
      jsonOf(await mine.portal.file('message_attachment', attachment?.uid ?? '')),
    );
    const download = await test.app.inject({ method: 'GET', url: link.url });
    expect(download.rawPayload.equals(sampleFiles.png())).toBe(true);
  });

  it('answers 404 for an internal file, under any type', async () => {
    await expectFileNotFound(mine.portal, 'order_file', mine.internalFileId);
    await expectFileNotFound(mine.portal, 'internal_file', mine.internalFileId);
  });

  it("answers 404 for a staff message's attachment", async () => {
    await expectFileNotFound(mine.portal, 'message_attachment', mine.staffAttachmentUid);
  });

  it("answers 404 for each of another collection's files", async () => {
    const listed = listedFiles(await loadPortal(theirs));
    expect(listed.length).toBeGreaterThanOrEqual(4);
    for (const file of listed) await expectFileNotFound(mine.portal, file.type, file.id);
    await expectFileNotFound(mine.portal, 'message_attachment', theirs.staffAttachmentUid);
    await expectFileNotFound(mine.portal, 'order_file', theirs.internalFileId);
  });

  it('answers 404 for an unknown type and a malformed id', async () => {
    const [orderFile] = (await loadPortal(mine)).cases[0]?.order_files ?? [];
    for (const type of ['internal_file', 'outsource_sent_file', 'return_file', 'ORDER_FILE', 'x']) {
      await expectFileNotFound(mine.portal, type, orderFile?.id ?? 1);
    }
    for (const id of [
      'abc',
      '-1',
      '0',
      '1.5',
      '1e3',
      '99999999999',
      '00000000-0000-4000-8000-000000000000',
    ]) {
      await expectFileNotFound(mine.portal, 'order_file', id);
      await expectFileNotFound(mine.portal, 'approval_file', id);
    }
    for (const id of ['1', 'not-a-uid', '00000000-0000-4000-8000-000000000000']) {
      await expectFileNotFound(mine.portal, 'message_attachment', id);
    }
  });

  it("answers 404 for a cancelled approval's file and a deleted approval file", async () => {
    const seeded = await seed('Cancelling Dental');
    const cancelled = await createPendingApproval(approvalCalls, seeded.caseRow.uid, {}, [
      samplePng('withdrawn.png'),
    ]);
    const withdrawnId = cancelled.approval_files[0]?.id ?? 0;
    expect(jsonOf(await seeded.portal.file('approval_file', withdrawnId))).toBeTruthy();
    expect((await approvalCalls.act(cancelled.uid, 'cancel')).statusCode).toBe(200);
    await expectFileNotFound(seeded.portal, 'approval_file', withdrawnId);
    const open = (await loadPortal(seeded)).approvals[0];
    const fileId = open?.approval_files[0]?.id ?? 0;
    expect(open?.approval_files).toHaveLength(1);
    const deleted = await approvalCalls.deleteFile(fileId);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectFileNotFound(seeded.portal, 'approval_file', fileId);
  });

  it('answers the blurred copy of an order file, never the original behind it', async () => {
    const seeded = await seed('Blurring Dental');
    const uploaded = await uploadCaseFiles(test, designer, seeded.caseRow.case_id, 'order_file', [
      filePart('face.jpg', sampleFiles.jpeg()),
    ]);
    const original = uploaded.order_files.find((f) => f.filename === 'face.jpg');
    if (!original) throw new Error('no face.jpg');
    const body = multipartBody({ action: 'blur_file', type: 'order_file', file_id: String(original.id) }, [
      filePart('blob', sampleFiles.png()),
    ]);
    const blurred = await test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${seeded.caseRow.case_id}/`,
      headers: { ...designer.headers, ...body.headers },
      payload: body.payload,
    });
    expect(blurred.statusCode, blurred.body).toBe(200);
    const listed = (await loadPortal(seeded)).cases[0]?.order_files.filter((f) => f.filename === 'face.jpg');
    expect(listed).toHaveLength(1);
    const copyId = listed?.[0]?.id ?? 0;
    expect(copyId).not.toBe(original.id);
    const link = portalFileLinkSchema.parse(jsonOf(await seeded.portal.file('order_file', copyId)));
    expect(link.file_name).toBe('face.jpg');
    const download = await test.app.inject({ method: 'GET', url: link.url });
    expect(download.rawPayload.equals(sampleFiles.png())).toBe(true);
    await expectFileNotFound(seeded.portal, 'order_file', original.id);
  });

  it('answers 404 with the link text for a wrong key', async () => {
    const [orderFile] = (await loadPortal(mine)).cases[0]?.order_files ?? [];
    const response = await mine.portal.file(
      'order_file',
      orderFile?.id ?? 1,
      theirs.collection.portal_key.slice(1),
    );
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe(portalTexts.notFound);
    expectLinkHeaders(response);
  });
});
