import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composerMessages, messageTextsExtra } from '@lab/domain';
import { selectRows } from '../../db/client';
import {
  createTestApp,
  errorMessage,
  multipartBody,
  sampleFiles,
  signInAs,
  type SignedInUser,
  type TestApp,
} from '../../testing';
import {
  createClient,
  createCollection,
  createEmployee,
  type CreatedCollection,
} from '../../testing/factories';
import {
  createApproval,
  createOutsource,
  postMessage,
  postOk,
  uploadCollectionFile,
  type MessageFields,
} from './messages-test-kit';

// POST /api/v2/messages/ refusals: each rule of the composer (case-workspace §5) and each check the
// server adds against the database answers 400 with the spec's text and the field, and stores nothing.

let test: TestApp;
let designer: SignedInUser;
let collection: CreatedCollection;
let other: CreatedCollection;
let caseUid: string;
let secondCaseUid: string;
let otherCaseUid: string;
let approved: string;
let cancelled: string;
let otherApproval: string;
let secondApproval: string;
let ended: string;
let secondCaseOutsource: string;
let machinistName: string;
let inactiveDesigner: string;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  collection = await createCollection(test.db, { cases: [{ statusName: 'Design In Progress' }, {}] });
  other = await createCollection(test.db);
  caseUid = collection.cases[0]?.uid ?? '';
  secondCaseUid = collection.cases[1]?.uid ?? '';
  otherCaseUid = other.cases[0]?.uid ?? '';
  approved = await createApproval(test, caseUid, { approved: true });
  cancelled = await createApproval(test, caseUid, { cancelled: true });
  otherApproval = await createApproval(test, otherCaseUid);
  secondApproval = await createApproval(test, secondCaseUid);
  ended = await createOutsource(test, caseUid, { ended: true });
  secondCaseOutsource = await createOutsource(test, secondCaseUid);
  machinistName = (await createEmployee(test.db, { department: 'MACHINING' })).username;
  inactiveDesigner = (await createEmployee(test.db, { department: 'DESIGN', isActive: false })).username;
});

afterAll(async () => {
  await test.close();
});

const countMessages = async () =>
  Number((await selectRows<{ n: number }>(test.db, sql`SELECT count(*)::int AS n FROM messages`))[0]?.n);

const on = (fields: MessageFields): MessageFields => ({ case_collection_uid: collection.uid, ...fields });

describe('POST /api/v2/messages/ refusals', () => {
  it('answers 401 without a token', async () => {
    const response = await postMessage(
      test,
      null,
      on({ message_type: 'CASE_NOTE', note: 'x', case_uid: caseUid }),
    );
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  const refusals: [string, () => MessageFields, string, string][] = [
    [
      'an unknown type',
      () => on({ message_type: 'GOSSIP', note: 'x' }),
      'message_type',
      composerMessages.invalidType,
    ],
    ['no type', () => on({ note: 'x' }), 'message_type', composerMessages.invalidType],
    [
      'a blank type',
      () => on({ message_type: ' ', note: 'x' }),
      'message_type',
      composerMessages.invalidType,
    ],
    [
      'an empty type (omitted by the web)',
      () => on({ message_type: '', note: 'x' }),
      'message_type',
      composerMessages.invalidType,
    ],
    [
      'a type longer than any',
      () => on({ message_type: 'A'.repeat(101), note: 'x' }),
      'message_type',
      composerMessages.invalidType,
    ],
    [
      'a malformed case uid',
      () => on({ message_type: 'CASE_NOTE', note: 'x', case_uid: 'abc' }),
      'case_uid',
      composerMessages.noCase,
    ],
    [
      'a malformed approval uid',
      () => on({ message_type: 'APPROVAL_MESSAGE', note: 'x', approval_uid: 'abc' }),
      'approval_uid',
      composerMessages.noApproval,
    ],
    [
      'a malformed outsource uid',
      () => on({ message_type: 'OUTSOURCE_MESSAGE', note: 'x', case_uid: caseUid, outsource_uid: 'abc' }),
      'outsource_uid',
      composerMessages.noOutsource,
    ],
    [
      'a case message naming an approval of another case',
      () =>
        on({ message_type: 'DESIGN_MESSAGE', note: 'x', case_uid: caseUid, approval_uid: secondApproval }),
      'approval_uid',
      composerMessages.noApproval,
    ],
    [
      'a blank note',
      () => on({ message_type: 'CASE_NOTE', note: '  \n ', case_uid: caseUid }),
      'note',
      composerMessages.noMessage,
    ],
    ['no note', () => on({ message_type: 'SALES_MESSAGE' }), 'note', composerMessages.noMessage],
    [
      'a case note without a case',
      () => on({ message_type: 'CASE_NOTE', note: 'x' }),
      'case_uid',
      composerMessages.noCase,
    ],
    [
      'an alert without a case',
      () => on({ message_type: 'ALERTING_MESSAGE', note: 'x' }),
      'case_uid',
      composerMessages.noCase,
    ],
    [
      'a case of another collection',
      () => on({ message_type: 'CASE_NOTE', note: 'x', case_uid: otherCaseUid }),
      'case_uid',
      composerMessages.noCase,
    ],
    [
      'an approval message without an approval',
      () => on({ message_type: 'APPROVAL_MESSAGE', note: 'x' }),
      'approval_uid',
      composerMessages.noApproval,
    ],
    [
      'an approved approval',
      () => on({ message_type: 'APPROVAL_MESSAGE', note: 'x', approval_uid: approved }),
      'approval_uid',
      composerMessages.noApproval,
    ],
    [
      'a cancelled approval',
      () => on({ message_type: 'APPROVAL_MESSAGE', note: 'x', approval_uid: cancelled }),
      'approval_uid',
      composerMessages.noApproval,
    ],
    [
      'an approval of another collection',
      () => on({ message_type: 'APPROVAL_MESSAGE', note: 'x', approval_uid: otherApproval }),
      'approval_uid',
      composerMessages.noApproval,
    ],
    [
      'an outsource message without a job',
      () => on({ message_type: 'OUTSOURCE_MESSAGE', note: 'x', case_uid: caseUid }),
      'outsource_uid',
      composerMessages.noOutsource,
    ],
    [
      'an ended outsource job',
      () => on({ message_type: 'OUTSOURCE_MESSAGE', note: 'x', case_uid: caseUid, outsource_uid: ended }),
      'outsource_uid',
      composerMessages.noOutsource,
    ],
    [
      'a job of another case',
      () =>
        on({
          message_type: 'OUTSOURCE_MESSAGE',
          note: 'x',
          case_uid: caseUid,
          outsource_uid: secondCaseOutsource,
        }),
      'outsource_uid',
      composerMessages.noOutsource,
    ],
    [
      'a recipient of another department',
      () =>
        on({
          message_type: 'DESIGN_MESSAGE',
          note: 'x',
          case_uid: caseUid,
          recipient_reference: machinistName,
        }),
      'recipient_reference',
      messageTextsExtra.unknownRecipient,
    ],
    [
      'an unknown recipient',
      () => on({ message_type: 'LAB_MESSAGE', note: 'x', case_uid: caseUid, recipient_reference: 'nobody' }),
      'recipient_reference',
      messageTextsExtra.unknownRecipient,
    ],
    [
      'an inactive recipient',
      () =>
        on({
          message_type: 'DESIGN_MESSAGE',
          note: 'x',
          case_uid: caseUid,
          recipient_reference: inactiveDesigner,
        }),
      'recipient_reference',
      messageTextsExtra.unknownRecipient,
    ],
    [
      'no collection',
      () => ({ message_type: 'SALES_MESSAGE', note: 'x' }),
      'case_collection_uid',
      messageTextsExtra.noCollection,
    ],
    [
      'a client note without a client',
      () => ({ message_type: 'CLIENT_NOTE', note: 'x' }),
      'client_uid',
      messageTextsExtra.unknownClient,
    ],
    [
      'a client note for an unknown client',
      () => ({ message_type: 'CLIENT_NOTE', note: 'x', client_uid: '00000000-0000-4000-8000-000000000000' }),
      'client_uid',
      messageTextsExtra.unknownClient,
    ],
    [
      'an attachment that is no service name',
      () => on({ message_type: 'SALES_MESSAGE', note: 'x', oft_attachments: 'photo.jpg' }),
      'oft_attachments',
      messageTextsExtra.unknownAttachment,
    ],
    [
      'an attachment never uploaded',
      () =>
        on({
          message_type: 'SALES_MESSAGE',
          note: 'x',
          oft_attachments: '00000000-0000-4000-8000-000000000000/a.pdf',
        }),
      'oft_attachments',
      messageTextsExtra.unknownAttachment,
    ],
  ];

  it.each(refusals)('refuses %s with 400 and the spec text', async (_name, fields, field, message) => {
    const before = await countMessages();
    const response = await postMessage(test, designer, fields());
    expect(response.statusCode, response.body).toBe(400);
    expect(errorMessage(response)).toBe(message);
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      [field]: message,
    });
    expect(await countMessages()).toBe(before);
  });

  it('refuses a client note whose client is not the collection shipping client', async () => {
    const stranger = await createClient(test.db);
    const response = await postMessage(test, designer, {
      message_type: 'CLIENT_NOTE',
      note: 'x',
      case_collection_uid: collection.uid,
      client_uid: stranger.uid,
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(messageTextsExtra.unknownClient);
  });

  it('answers 404 for an unknown collection', async () => {
    const response = await postMessage(test, designer, {
      message_type: 'SALES_MESSAGE',
      note: 'x',
      case_collection_uid: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe('Could not load case collection');
  });

  it('refuses files sent with the message (they come through the file service)', async () => {
    const body = multipartBody(
      { message_type: 'SALES_MESSAGE', note: 'x', case_collection_uid: collection.uid },
      [{ field: 'files', filename: 'a.pdf', content: sampleFiles.pdf() }],
    );
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v2/messages/',
      headers: { ...designer.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(messageTextsExtra.filesNotAccepted);
  });

  it('refuses attachments of another collection, unfinished uploads and files already attached', async () => {
    const foreign = await uploadCollectionFile(test, designer, other.uid, 'foreign.pdf');
    const pending = await uploadCollectionFile(test, designer, collection.uid, 'pending.pdf', {
      complete: false,
    });
    const used = await uploadCollectionFile(test, designer, collection.uid, 'used.pdf');
    await postOk(test, designer, on({ message_type: 'SALES_MESSAGE', note: 'first', oft_attachments: used }));
    const good = await uploadCollectionFile(test, designer, collection.uid, 'good.pdf');
    for (const name of [foreign, pending, used, `${good.slice(0, 37)}renamed.pdf`]) {
      const before = await countMessages();
      const response = await postMessage(
        test,
        designer,
        on({ message_type: 'SALES_MESSAGE', note: 'x', oft_attachments: [good, name] }),
      );
      expect(response.statusCode, name).toBe(400);
      expect(errorMessage(response)).toBe(messageTextsExtra.unknownAttachment);
      expect(await countMessages()).toBe(before);
    }
    // The refused posts did not use the good file up.
    await postOk(test, designer, on({ message_type: 'SALES_MESSAGE', note: 'x', oft_attachments: good }));
  });
});
