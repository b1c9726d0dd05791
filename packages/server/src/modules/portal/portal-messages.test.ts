import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messageListSchema,
  portalCollectionSchema,
  portalMessageSchema,
  portalTexts,
  type PortalMessage,
} from '@lab/domain';
import { audit_events, files, message_attachments, messages, notifications } from '../../db/schema/index';
import {
  createTestApp,
  errorMessage,
  sampleFiles,
  signInAs,
  type MultipartFile,
  type SignedInUser,
  type TestApp,
} from '../../testing';
import {
  createCollection,
  createEmployee,
  type CreatedCollection,
  type EmployeeRow,
} from '../../testing/factories';
import { createOutsource, listMessages, postOk } from '../messages/messages-test-kit';
import { keyFingerprint } from './portal-client';
import {
  createPortalCalls,
  expectLinkHeaders,
  jsonOf,
  listStoredFiles,
  type PortalCalls,
} from './portal-test-kit';

// POST /api/v2/customer/{portal_key}/message/ (the client's message to the lab, with attachments) and
// PATCH /api/v2/customer/{portal_key}/message/{uid}/ (the client's read receipt), both scoped to the key's
// own collection and its CLIENTS messages.

let test: TestApp;
let designer: SignedInUser;
let branchAdmin: EmployeeRow;
let collection: CreatedCollection;
let other: CreatedCollection;
let portal: PortalCalls;

const attachment = (filename: string, content: Buffer | string): MultipartFile => ({
  field: 'attachments',
  filename,
  content,
});

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  branchAdmin = await createEmployee(test.db, { department: 'ADMIN', branch: 'Melbourne' });
  collection = await createCollection(test.db, {
    clientName: 'Northside Dental',
    cases: [{ statusName: 'Design In Progress' }],
  });
  other = await createCollection(test.db, { clientName: 'Southside Dental' });
  portal = createPortalCalls(test, collection.portal_key);
});

afterAll(async () => {
  await test.close();
});

const messageOf = (response: Parameters<typeof jsonOf>[0]): PortalMessage =>
  portalMessageSchema.parse(jsonOf(response));

const messageRows = (collectionUid: string) =>
  test.db.select().from(messages).where(eq(messages.case_collection_uid, collectionUid));

describe('POST /api/v2/customer/{portal_key}/message/', () => {
  it('stores an inbound CLIENTS message by the client, with its attachments, audit rows and notice', async () => {
    const response = await portal.message({ note: '  Can we change the shade to A1?  ' }, [
      attachment('try-in.png', sampleFiles.png()),
      attachment('prescription.pdf', sampleFiles.pdf()),
    ]);
    expectLinkHeaders(response);
    const message = messageOf(response);
    expect(message).toMatchObject({
      message_type: 'CLIENT_MESSAGE',
      direction: 'INBOUND',
      author_reference: 'Northside Dental',
      note: 'Can we change the shade to A1?',
      case_uid: null,
      approval_uid: null,
      message_seen: false,
    });
    expect(message.attachments.map((a) => a.file_name).sort()).toEqual(['prescription.pdf', 'try-in.png']);
    // The answer is made from the rows just written: it is the message exactly as the portal lists it.
    const listed = jsonOf<{ messages: PortalMessage[] }>(await portal.load()).messages;
    expect(listed.find((m) => m.uid === message.uid)).toEqual(message);
    const [row] = await test.db.select().from(messages).where(eq(messages.uid, message.uid));
    expect(row).toMatchObject({
      visibility: 'CLIENTS',
      case_collection_uid: collection.uid,
      author_user_id: null,
    });
    const stored = await test.db
      .select({ file: files })
      .from(message_attachments)
      .innerJoin(files, eq(files.id, message_attachments.file_id))
      .where(eq(message_attachments.message_uid, message.uid));
    expect(stored.map((s) => s.file.file_category)).toEqual(['message_attachment', 'message_attachment']);
    expect(stored.every((s) => s.file.uploaded_by_reference === 'Northside Dental')).toBe(true);
    expect(
      stored.every((s) => s.file.uploaded_by_id === null && s.file.collection_uid === collection.uid),
    ).toBe(true);
    const audit = await test.db
      .select()
      .from(audit_events)
      .where(inArray(audit_events.entity_id, [message.uid, ...stored.map((s) => s.file.uid)]));
    expect(audit.map((a) => `${a.entity_type}:${a.action}`).sort()).toEqual([
      'file:uploaded',
      'file:uploaded',
      'message:created',
    ]);
    for (const entry of audit) {
      expect(entry).toMatchObject({
        actor_kind: 'client',
        actor_reference: 'Northside Dental',
        actor_user_id: null,
        actor_via: `portal:${keyFingerprint(collection.portal_key)}`,
        collection_uid: collection.uid,
      });
      expect(JSON.stringify(entry)).not.toContain(collection.portal_key);
    }
    const notified = await test.db
      .select()
      .from(notifications)
      .where(eq(notifications.message_uid, message.uid));
    expect(notified.map((n) => n.user_id)).toEqual([branchAdmin.id]);
    expect(notified[0]).toMatchObject({
      message_type: 'CLIENT_MESSAGE',
      author_reference: 'Northside Dental',
    });
  });

  it('shows the message in the staff list and in the portal, with the attachments', async () => {
    const message = messageOf(await portal.message({ note: 'Patient appointment is on Friday' }));
    const staff = messageListSchema.parse(jsonOf(await listMessages(test, designer, collection.uid)));
    expect(staff.find((m) => m.uid === message.uid)).toMatchObject({
      message_type: 'CLIENT_MESSAGE',
      visibility: 'CLIENTS',
      direction: 'INBOUND',
      author_reference: 'Northside Dental',
      note: 'Patient appointment is on Friday',
    });
    const listed = portalCollectionSchema.parse(jsonOf(await portal.load())).messages;
    expect(listed.at(-1)).toEqual(message);
  });

  it('accepts its own collection named as case_collection_uid, in any case', async () => {
    for (const named of [collection.uid, collection.uid.toUpperCase(), '']) {
      const response = await portal.message({ note: 'Named collection', case_collection_uid: named });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('keeps only the attachments parts as files', async () => {
    const message = messageOf(
      await portal.message({ note: 'One file' }, [
        attachment('kept.png', sampleFiles.png()),
        { field: 'files', filename: 'stray.png', content: sampleFiles.png() },
      ]),
    );
    expect(message.attachments.map((a) => a.file_name)).toEqual(['kept.png']);
  });

  it('refuses an empty note, attachments or not, and stores nothing', async () => {
    const before = await listStoredFiles(test.filesDir);
    const count = (await messageRows(collection.uid)).length;
    const blanks: Record<string, string>[] = [{}, { note: '' }, { note: '  \n ' }];
    for (const fields of blanks) {
      const response = await portal.message(fields, [attachment('alone.png', sampleFiles.png())]);
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Cannot be blank');
      expect(response.json<{ error: { fields: unknown } }>().error.fields).toEqual({
        note: 'Cannot be blank',
      });
      expectLinkHeaders(response);
    }
    expect(await messageRows(collection.uid)).toHaveLength(count);
    expect(await listStoredFiles(test.filesDir)).toEqual(before);
  });

  it("answers 404 for another collection's case_collection_uid, storing nothing there or here", async () => {
    const before = await listStoredFiles(test.filesDir);
    const count = (await messageRows(collection.uid)).length;
    for (const named of [other.uid, '00000000-0000-4000-8000-000000000000', 'not-a-uid']) {
      const response = await portal.message({ note: 'Sneaky', case_collection_uid: named }, [
        attachment('sneaky.png', sampleFiles.png()),
      ]);
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe(portalTexts.notFound);
    }
    expect(await messageRows(other.uid)).toEqual([]);
    expect(await messageRows(collection.uid)).toHaveLength(count);
    expect(await listStoredFiles(test.filesDir)).toEqual(before);
  });
});

describe('PATCH /api/v2/customer/{portal_key}/message/{uid}/', () => {
  it('marks a lab message read once; reading again changes nothing', async () => {
    const sent = await postOk(test, designer, {
      case_collection_uid: collection.uid,
      message_type: 'CLIENT_MESSAGE',
      note: 'Your case has shipped',
    });
    const first = await portal.read(sent.uid);
    expectLinkHeaders(first);
    expect(messageOf(first)).toMatchObject({ uid: sent.uid, message_seen: true, direction: 'OUTBOUND' });
    expect(messageOf(await portal.read(sent.uid))).toMatchObject({ uid: sent.uid, message_seen: true });
    const listed = portalCollectionSchema.parse(jsonOf(await portal.load())).messages;
    expect(listed.find((m) => m.uid === sent.uid)?.message_seen).toBe(true);
    // The client's receipt is not an employee's.
    const staff = messageListSchema.parse(jsonOf(await listMessages(test, designer, collection.uid)));
    expect(staff.find((m) => m.uid === sent.uid)?.read_receipts).toEqual([]);
  });

  it("answers 404 for a staff, sales or partner message and for another collection's message", async () => {
    const staffOnly = await Promise.all(
      (['CASE_NOTE', 'DESIGN_MESSAGE', 'ALERTING_MESSAGE'] as const).map((type) =>
        postOk(test, designer, {
          case_collection_uid: collection.uid,
          case_uid: collection.cases[0]?.uid ?? '',
          message_type: type,
          note: `Staff only ${type}`,
        }),
      ),
    );
    const sales = await postOk(test, designer, {
      case_collection_uid: collection.uid,
      message_type: 'SALES_MESSAGE',
      note: 'Sales only',
    });
    const caseUid = collection.cases[0]?.uid ?? '';
    const partner = await postOk(test, designer, {
      case_collection_uid: collection.uid,
      case_uid: caseUid,
      outsource_uid: await createOutsource(test, caseUid),
      message_type: 'OUTSOURCE_MESSAGE',
      note: 'Partner only',
    });
    const theirs = await postOk(test, designer, {
      case_collection_uid: other.uid,
      message_type: 'CLIENT_MESSAGE',
      note: 'For Southside',
    });
    for (const uid of [...staffOnly.map((m) => m.uid), sales.uid, partner.uid, theirs.uid]) {
      const response = await portal.read(uid);
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Message not found');
      expectLinkHeaders(response);
      expect(response.body).not.toContain('only');
    }
    for (const uid of ['00000000-0000-4000-8000-000000000000', 'not-a-uid']) {
      const response = await portal.read(uid);
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Message not found');
    }
    const theirPortal = portalCollectionSchema.parse(
      jsonOf(await createPortalCalls(test, other.portal_key).load()),
    );
    expect(theirPortal.messages.find((m) => m.uid === theirs.uid)?.message_seen).toBe(false);
  });

  it('refuses any action but read', async () => {
    const sent = await postOk(test, designer, {
      case_collection_uid: collection.uid,
      message_type: 'CUSTOMER_SCAN_ADVICE',
      note: 'Please rescan the lower arch',
    });
    for (const payload of [{ action: 'unread' }, { action: 'resolve' }, {}]) {
      const response = await portal.read(sent.uid, collection.portal_key, payload);
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Invalid action');
    }
    const listed = portalCollectionSchema.parse(jsonOf(await portal.load())).messages;
    expect(listed.find((m) => m.uid === sent.uid)?.message_seen).toBe(false);
  });

  it('answers 404 with the link text for a wrong key', async () => {
    const [own] = await test.db
      .select({ uid: messages.uid })
      .from(messages)
      .where(and(eq(messages.case_collection_uid, collection.uid), eq(messages.visibility, 'CLIENTS')))
      .limit(1);
    const response = await portal.read(own?.uid ?? '', `x${other.portal_key}`);
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe(portalTexts.notFound);
  });
});
