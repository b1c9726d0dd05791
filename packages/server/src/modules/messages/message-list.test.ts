import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageListSchema, type Message } from '@lab/domain';
import { files, message_attachments, message_read_receipts, messages } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { countingStatements } from '../../testing/count-statements';
import { createClient, createCollection, type CreatedCollection } from '../../testing/factories';
import { listCollectionMessages } from './message-queries';
import { listMessages, patchMessage, userIdOf } from './messages-test-kit';

// GET /api/v2/collection/{uid}/messages/: the collection's messages oldest first, with attachments, read
// receipts, the viewer's message_seen and who resolved them; the shipping client's notes with extra-ref.

let test: TestApp;
let designer: SignedInUser;
let machinist: SignedInUser;
let collection: CreatedCollection;
let sibling: CreatedCollection;
let designerId: number;
let machinistId: number;

const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 9, minutes));

const insertMessage = async (values: Partial<typeof messages.$inferInsert>) => {
  const [row] = await test.db
    .insert(messages)
    .values({
      case_collection_uid: collection.uid,
      message_type: 'CASE_NOTE',
      visibility: 'STAFF',
      direction: 'STATIC',
      author_reference: 'someone',
      note: 'A note',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no message');
  return row;
};

const insertFile = async (values: Partial<typeof files.$inferInsert> = {}) => {
  const [row] = await test.db
    .insert(files)
    .values({
      storage_key: `test/${randomUUID()}`,
      filename: 'photo.png',
      file_category: 'message_attachment',
      collection_uid: collection.uid,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no file');
  return row;
};

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  machinist = await signInAs(test, { department: 'MACHINING' });
  designerId = await userIdOf(test, designer.username);
  machinistId = await userIdOf(test, machinist.username);
  collection = await createCollection(test.db);
  sibling = await createCollection(test.db, { client: { id: collection.shipping_client_id } });
});

afterAll(async () => {
  await test.close();
});

describe('GET /api/v2/collection/{uid}/messages/', () => {
  it('answers 401 without a token', async () => {
    const response = await listMessages(test, null, collection.uid);
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it.each([
    ['an unknown', '00000000-0000-4000-8000-000000000000'],
    ['a malformed', 'not-a-uid'],
  ])('answers 404 for %s collection', async (_name, uid) => {
    const response = await listMessages(test, designer, uid);
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe('Could not load case collection');
  });

  it('answers an empty list for a collection without messages', async () => {
    const response = await listMessages(test, designer, sibling.uid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists oldest first with attachments, receipts per reader, message_seen and resolved_by', async () => {
    const later = await insertMessage({
      note: 'later',
      created_at: at(30),
      message_type: 'ALERTING_MESSAGE',
      resolvable: true,
    });
    const earlier = await insertMessage({ note: 'earlier', created_at: at(10) });
    const original = await insertFile();
    const blurred = await insertFile({ blurred_from_file_id: original.id });
    const removed = await insertFile({ deleted_at: new Date() });
    await test.db.insert(message_attachments).values([
      { message_uid: earlier.uid, file_id: blurred.id, file_name: 'b-photo.png' },
      { message_uid: earlier.uid, file_id: original.id, file_name: 'a-scan.png' },
      { message_uid: earlier.uid, file_id: removed.id, file_name: 'gone.png' },
    ]);
    await test.db.insert(message_read_receipts).values([
      { message_uid: earlier.uid, user_id: machinistId, read_at: at(40) },
      { message_uid: earlier.uid, user_id: designerId, read_at: at(50) },
    ]);
    const resolve = await patchMessage(test, machinist, later.uid, 'resolve');
    expect(resolve.statusCode).toBe(200);

    const asDesigner = messageListSchema.parse((await listMessages(test, designer, collection.uid)).json());
    expect(asDesigner.map((m) => m.note)).toEqual(['earlier', 'later']);
    const [first, second] = asDesigner as [Message, Message];
    expect(first.attachments.map((a) => [a.file_name, a.blurred])).toEqual([
      ['a-scan.png', false],
      ['b-photo.png', true],
    ]);
    expect(first.read_receipts).toEqual([
      { read_by: machinist.username, read_at: at(40).toISOString() },
      { read_by: designer.username, read_at: at(50).toISOString() },
    ]);
    expect(first.message_seen).toBe(true);
    expect(second).toMatchObject({ message_seen: false, resolved_by: machinist.username, attachments: [] });
    expect(second.resolved_at).not.toBeNull();

    const asMachinist = (await listMessages(test, machinist, collection.uid)).json<Message[]>();
    expect(asMachinist.map((m) => m.message_seen)).toEqual([true, false]);
  });

  it('adds the shipping client’s notes with extra-ref, and ignores another client’s uid', async () => {
    const clientUid = (await listClientUid()) ?? '';
    const note = await insertMessage({
      case_collection_uid: null,
      client_uid: clientUid,
      message_type: 'CLIENT_NOTE',
      note: 'Client note',
      created_at: at(20),
    });
    const withRef = (await listMessages(test, designer, collection.uid, clientUid)).json<Message[]>();
    expect(withRef.map((m) => m.note)).toEqual(['earlier', 'Client note', 'later']);
    expect(withRef[1]).toMatchObject({ uid: note.uid, case_collection_uid: null, client_uid: clientUid });
    const onSibling = (await listMessages(test, designer, sibling.uid, clientUid.toUpperCase())).json<
      Message[]
    >();
    expect(onSibling.map((m) => m.uid)).toEqual([note.uid]);

    const stranger = await createClient(test.db);
    const foreign = await listMessages(test, designer, collection.uid, stranger.uid);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json<Message[]>().map((m) => m.note)).toEqual(['earlier', 'later']);
    const malformed = await listMessages(test, designer, collection.uid, 'nonsense');
    expect(malformed.json<Message[]>().map((m) => m.note)).toEqual(['earlier', 'later']);
  });

  it('reads 2,000 messages in a fixed number of statements', async () => {
    const busy = await createCollection(test.db);
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      case_collection_uid: busy.uid,
      message_type: 'CASE_NOTE',
      visibility: 'STAFF',
      direction: 'STATIC',
      author_reference: 'bulk',
      note: `Note ${i}`,
      created_at: new Date(Date.UTC(2030, 1, 1) + i * 1000),
    }));
    const inserted = await test.db.insert(messages).values(rows).returning({ uid: messages.uid });
    const file = await insertFile({ collection_uid: busy.uid });
    await test.db
      .insert(message_attachments)
      .values(
        inserted.slice(0, 500).map((m) => ({ message_uid: m.uid, file_id: file.id, file_name: 'x.png' })),
      );
    await test.db
      .insert(message_read_receipts)
      .values(inserted.map((m) => ({ message_uid: m.uid, user_id: designerId })));

    const counted = countingStatements(test.db);
    const list = await listCollectionMessages(counted.db, {
      rawUid: busy.uid,
      extraRef: undefined,
      viewerId: designerId,
    });
    expect(list).toHaveLength(2000);
    expect(counted.count()).toBe(4);

    const started = performance.now();
    const response = await listMessages(test, designer, busy.uid);
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.json<Message[]>()[1999]).toMatchObject({ note: 'Note 1999', message_seen: true });
    expect(elapsed).toBeLessThan(3000);
  });
});

const listClientUid = async (): Promise<string | undefined> => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/collection/${collection.uid}/`,
    headers: designer.headers,
  });
  return response.json<{ shipping_client: { uid: string } }>().shipping_client.uid;
};
