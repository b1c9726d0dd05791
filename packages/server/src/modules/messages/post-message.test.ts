import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageSchema, type Message } from '@lab/domain';
import { audit_events, collections, files, message_attachments, messages } from '../../db/schema/index';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, createEmployee, type CreatedCollection } from '../../testing/factories';
import {
  createApproval,
  createOutsource,
  listMessages,
  postMessage,
  uploadCollectionFile,
  userIdOf,
  type MessageFields,
} from './messages-test-kit';

// POST /api/v2/messages/ stores what the composer sends, and derives what the web must not decide:
// the author, resolvable, direction, visibility, the recipient, the case of client-type messages.

let test: TestApp;
let designer: SignedInUser;
let collection: CreatedCollection;
let sibling: CreatedCollection;
let caseUid: string;
let secondCaseUid: string;
let openApproval: string;
let outsource: string;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  collection = await createCollection(test.db, {
    clientName: 'Smile Studio',
    cases: [{ statusName: 'Design In Progress' }, {}],
  });
  sibling = await createCollection(test.db, { client: { id: collection.shipping_client_id } });
  caseUid = collection.cases[0]?.uid ?? '';
  secondCaseUid = collection.cases[1]?.uid ?? '';
  openApproval = await createApproval(test, secondCaseUid);
  outsource = await createOutsource(test, caseUid, { partner: 'Kiwi CAD Studio' });
});

afterAll(async () => {
  await test.close();
});

const post = async (fields: MessageFields, as: 'multipart' | 'json' = 'multipart'): Promise<Message> => {
  const response = await postMessage(test, designer, { case_collection_uid: collection.uid, ...fields }, as);
  expect(response.statusCode, response.body).toBe(200);
  const message = messageSchema.parse(response.json());
  // The answer is made from the rows just written: it must be the message exactly as the list reads it.
  const listedUid = message.case_collection_uid ?? collection.uid;
  const listed = await listMessages(test, designer, listedUid, message.client_uid ?? undefined);
  expect(listed.json<Message[]>().find((m) => m.uid === message.uid)).toEqual(message);
  return message;
};

const storedRow = async (uid: string) => {
  const [row] = await test.db.select().from(messages).where(eq(messages.uid, uid));
  if (!row) throw new Error('not stored');
  return row;
};

describe('POST /api/v2/messages/', () => {
  it('takes the author from the signed-in user, never from the body', async () => {
    const message = await post({
      message_type: 'CASE_NOTE',
      note: '  Check the margin on 11  ',
      case_uid: caseUid,
      author_reference: 'mallory',
      direction: 'INBOUND',
      resolvable: 'true',
      recipient_reference: 'someone',
    });
    expect(message).toMatchObject({
      author_reference: designer.username,
      note: 'Check the margin on 11',
      direction: 'STATIC',
      resolvable: false,
      visibility: 'STAFF',
      recipient_reference: null,
      case_uid: caseUid,
      case_collection_uid: collection.uid,
      client_uid: null,
      attachments: [],
      read_receipts: [],
      message_seen: false,
      resolved_at: null,
      resolved_by: null,
    });
    const row = await storedRow(message.uid);
    expect(row.author_reference).toBe(designer.username);
    expect(row.author_user_id).toBe(await userIdOf(test, designer.username));
  });

  it('accepts a JSON body too', async () => {
    const message = await post({ message_type: 'SALES_MESSAGE', note: 'Quote sent' }, 'json');
    expect(message).toMatchObject({ visibility: 'SALES', direction: 'STATIC', resolvable: false });
  });

  const derived: [string, () => MessageFields, () => Partial<Message>][] = [
    [
      'ALERTING_MESSAGE',
      () => ({ case_uid: caseUid }),
      () => ({ resolvable: true, direction: 'STATIC', visibility: 'STAFF' }),
    ],
    [
      'CASE_NOTE',
      () => ({ case_uid: caseUid }),
      () => ({ resolvable: false, direction: 'STATIC', visibility: 'STAFF' }),
    ],
    [
      'DESIGN_MESSAGE',
      () => ({ case_uid: caseUid }),
      () => ({ resolvable: false, direction: 'OUTBOUND', visibility: 'STAFF', recipient_reference: null }),
    ],
    [
      'DISPATCH_NOTE',
      () => ({ case_uid: caseUid }),
      () => ({ resolvable: false, direction: 'STATIC', visibility: 'STAFF' }),
    ],
    [
      'LAB_MESSAGE',
      () => ({ case_uid: caseUid }),
      () => ({ resolvable: false, direction: 'OUTBOUND', visibility: 'STAFF' }),
    ],
    [
      'PAYMENT_NOTE',
      () => ({ case_uid: caseUid }),
      () => ({ resolvable: false, direction: 'STATIC', visibility: 'STAFF' }),
    ],
    [
      'PRODUCTION_MESSAGE',
      () => ({ case_uid: caseUid }),
      () => ({ resolvable: false, direction: 'OUTBOUND', visibility: 'STAFF' }),
    ],
    [
      'SPECIAL_REQUEST',
      () => ({ case_uid: caseUid }),
      () => ({ resolvable: false, direction: 'STATIC', visibility: 'STAFF' }),
    ],
    [
      'OUTSOURCE_MESSAGE',
      () => ({ case_uid: caseUid, outsource_uid: outsource }),
      () => ({
        direction: 'OUTBOUND',
        visibility: 'PARTNERS',
        recipient_reference: 'Kiwi CAD Studio',
        outsource_uid: outsource,
      }),
    ],
    [
      'CLIENT_MESSAGE',
      () => ({ case_uid: caseUid }),
      () => ({
        direction: 'OUTBOUND',
        visibility: 'CLIENTS',
        recipient_reference: 'Smile Studio',
        case_uid: null,
      }),
    ],
    [
      'CUSTOMER_SCAN_ADVICE',
      () => ({}),
      () => ({
        direction: 'OUTBOUND',
        visibility: 'CLIENTS',
        recipient_reference: 'Smile Studio',
        case_uid: null,
      }),
    ],
    [
      'SALES_MESSAGE',
      () => ({}),
      () => ({ resolvable: false, direction: 'STATIC', visibility: 'SALES', recipient_reference: null }),
    ],
    [
      'CUSTOMER_SERVICE_NOTE',
      () => ({}),
      () => ({ resolvable: true, direction: 'STATIC', visibility: 'STAFF' }),
    ],
    [
      'APPROVAL_MESSAGE',
      () => ({ approval_uid: openApproval, case_uid: caseUid }),
      () => ({
        direction: 'OUTBOUND',
        visibility: 'CLIENTS',
        recipient_reference: 'Smile Studio',
        approval_uid: openApproval,
        case_uid: secondCaseUid,
      }),
    ],
  ];

  it.each(derived)(
    'derives resolvable, direction, visibility and recipient of %s',
    async (type, extra, expected) => {
      const message = await post({ message_type: type, note: `A ${type}`, ...extra() });
      expect(message).toMatchObject({ message_type: type, resolvable: false, ...expected() });
      expect(message.direction).not.toBe('INBOUND');
    },
  );

  it('gives a client message the case of its approval', async () => {
    const message = await post({
      message_type: 'CLIENT_MESSAGE',
      note: 'About the design',
      approval_uid: openApproval,
    });
    expect(message).toMatchObject({ case_uid: secondCaseUid, approval_uid: openApproval });
  });

  it('stores a design message to one designer under their username', async () => {
    const colleague = await createEmployee(test.db, { department: 'DESIGN', username: 'Grace.Lab' });
    const message = await post({
      message_type: 'DESIGN_MESSAGE',
      note: 'Please take this one',
      case_uid: caseUid,
      recipient_reference: 'grace.lab',
    });
    expect(message.recipient_reference).toBe('Grace.Lab');
    expect((await storedRow(message.uid)).recipient_user_id).toBe(colleague.id);
  });

  it('keeps a client note on the client record, shown on the client’s other collections', async () => {
    // Written from the collection (a blank field counts as omitted); the case is dropped.
    const message = await post({
      message_type: 'CLIENT_NOTE',
      note: 'Prefers courier delivery',
      client_uid: '',
      case_uid: caseUid,
    });
    expect(message).toMatchObject({ case_collection_uid: null, case_uid: null, visibility: 'STAFF' });
    const clientUid = message.client_uid ?? '';
    expect(clientUid).not.toBe('');
    const onSibling = await listMessages(test, designer, sibling.uid, clientUid);
    expect(onSibling.json<Message[]>().map((m) => m.uid)).toEqual([message.uid]);
    const withoutRef = await listMessages(test, designer, sibling.uid);
    expect(withoutRef.json<Message[]>()).toEqual([]);
    // As the spec's web sends it: client_uid only, no collection.
    const direct = await postMessage(test, designer, {
      message_type: 'CLIENT_NOTE',
      note: 'Second',
      client_uid: clientUid,
    });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json<Message>()).toMatchObject({ client_uid: clientUid, case_collection_uid: null });
  });

  it('attaches file service uploads once each, skipping a repeated name, with an audit row', async () => {
    const first = await uploadCollectionFile(test, designer, collection.uid, 'scan one.pdf');
    const second = await uploadCollectionFile(test, designer, collection.uid, 'notes.pdf');
    const sameName = await uploadCollectionFile(test, designer, collection.uid, 'notes.pdf');
    const message = await post({
      message_type: 'CASE_NOTE',
      note: 'Files attached',
      case_uid: caseUid,
      oft_attachments: [first, second, sameName, first],
    });
    expect(message.attachments.map((a) => [a.file_name, a.blurred])).toEqual([
      ['notes.pdf', false],
      ['scan one.pdf', false],
    ]);
    const attached = await test.db
      .select({ category: files.file_category, uid: files.uid })
      .from(message_attachments)
      .innerJoin(files, eq(files.id, message_attachments.file_id))
      .where(eq(message_attachments.message_uid, message.uid));
    expect(attached.map((a) => a.category)).toEqual(['note_attachment', 'note_attachment']);
    const [skipped] = await test.db
      .select()
      .from(files)
      .where(eq(files.uid, sameName.slice(0, 36)));
    expect(skipped?.file_category).toBe('collection_file');
    const [audit] = await test.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_type, 'message'), eq(audit_events.entity_id, message.uid)));
    expect(audit).toMatchObject({
      action: 'created',
      actor_reference: designer.username,
      collection_uid: collection.uid,
      case_uid: caseUid,
    });
    expect(audit?.changed_values).toMatchObject({ attachments: ['scan one.pdf', 'notes.pdf'] });
  });

  it('makes the attachments of a message clients see message attachments', async () => {
    const name = await uploadCollectionFile(test, designer, collection.uid, 'photo.pdf');
    const message = await post({
      message_type: 'CLIENT_MESSAGE',
      note: 'See attached',
      oft_attachments: name,
    });
    const [file] = await test.db
      .select()
      .from(files)
      .where(eq(files.uid, name.slice(0, 36)));
    expect(file?.file_category).toBe('message_attachment');
    expect(message.attachments.map((a) => a.file_name)).toEqual(['photo.pdf']);
  });

  it('marks the collection changed', async () => {
    const [before] = await test.db.select().from(collections).where(eq(collections.uid, collection.uid));
    await post({ message_type: 'SALES_MESSAGE', note: 'Bump' });
    const [after] = await test.db.select().from(collections).where(eq(collections.uid, collection.uid));
    expect(after?.updated_at.getTime()).toBeGreaterThan(before?.updated_at.getTime() ?? 0);
  });
});
