import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toIso, type Message } from '@lab/domain';
import type { Queryable } from '../../db/client';
import {
  clients,
  collections,
  files,
  message_attachments,
  message_read_receipts,
  messages,
  users,
} from '../../db/schema/index';
import { collectionNotFound, parseCollectionUid } from '../collections/collection-queries';

// Reads of messages as the staff screens show them: the messages, then each child table ONCE for all
// of them (filtered by the same condition through a join), so 2,000 messages cost three statements.

const resolvers = alias(users, 'resolvers');
const readers = alias(users, 'readers');

type MessageRow = typeof messages.$inferSelect;

const presentMessage = (
  row: MessageRow,
  children: {
    resolvedBy: string | null;
    attachments: Message['attachments'];
    receipts: Message['read_receipts'];
    seen: boolean;
  },
): Message => ({
  uid: row.uid,
  client_uid: row.client_uid,
  case_collection_uid: row.case_collection_uid,
  case_uid: row.case_uid,
  approval_uid: row.approval_uid,
  outsource_uid: row.outsource_uid,
  message_type: row.message_type,
  visibility: row.visibility as Message['visibility'],
  direction: row.direction as Message['direction'],
  author_reference: row.author_reference,
  recipient_reference: row.recipient_reference,
  note: row.note,
  resolvable: row.resolvable,
  created_at: toIso(row.created_at),
  resolved_at: toIso(row.resolved_at),
  resolved_by: children.resolvedBy,
  attachments: children.attachments,
  read_receipts: children.receipts,
  message_seen: children.seen,
});

const groupBy = <Row extends { message_uid: string }, Item>(rows: Row[], pick: (row: Row) => Item) => {
  const groups = new Map<string, Item[]>();
  for (const row of rows) {
    const group = groups.get(row.message_uid);
    if (group) group.push(pick(row));
    else groups.set(row.message_uid, [pick(row)]);
  }
  return groups;
};

/** The live attachments of the messages matching `where`, as the list orders them. */
const findAttachmentRows = (q: Queryable, where: SQL | undefined) =>
  q
    .select({
      message_uid: message_attachments.message_uid,
      uid: message_attachments.uid,
      file_name: message_attachments.file_name,
      blurred_from_file_id: files.blurred_from_file_id,
    })
    .from(message_attachments)
    .innerJoin(messages, eq(messages.uid, message_attachments.message_uid))
    .innerJoin(files, eq(files.id, message_attachments.file_id))
    .where(and(where, isNull(files.deleted_at)))
    .orderBy(asc(message_attachments.file_name), asc(message_attachments.uid));

/** The messages matching `where`, oldest first, each with its attachments and read receipts. */
export const findMessages = async (
  q: Queryable,
  where: SQL | undefined,
  viewerId: number,
): Promise<Message[]> => {
  const rows = await q
    .select({ message: messages, resolved_by: resolvers.username })
    .from(messages)
    .leftJoin(resolvers, eq(resolvers.id, messages.resolved_by_id))
    .where(where)
    .orderBy(asc(messages.created_at), asc(messages.uid));
  if (rows.length === 0) return [];
  const attachmentRows = await findAttachmentRows(q, where);
  const receiptRows = await q
    .select({
      message_uid: message_read_receipts.message_uid,
      user_id: message_read_receipts.user_id,
      read_by: readers.username,
      read_at: message_read_receipts.read_at,
    })
    .from(message_read_receipts)
    .innerJoin(messages, eq(messages.uid, message_read_receipts.message_uid))
    .innerJoin(readers, eq(readers.id, message_read_receipts.user_id))
    .where(where)
    .orderBy(asc(message_read_receipts.read_at), asc(readers.username));
  const attachments = groupBy(attachmentRows, (a) => ({
    uid: a.uid,
    file_name: a.file_name,
    blurred: a.blurred_from_file_id !== null,
  }));
  const receipts = groupBy(receiptRows, (r) => ({ read_by: r.read_by, read_at: toIso(r.read_at) }));
  const seen = new Set(receiptRows.filter((r) => r.user_id === viewerId).map((r) => r.message_uid));
  return rows.map(({ message, resolved_by }) =>
    presentMessage(message, {
      resolvedBy: resolved_by,
      attachments: attachments.get(message.uid) ?? [],
      receipts: receipts.get(message.uid) ?? [],
      seen: seen.has(message.uid),
    }),
  );
};

/**
 * A message just written, as the list shows it, from the rows its transaction wrote: nobody has read or
 * resolved it yet. Two or more attachments are read back in the list's order (the database's collation
 * decides it); a note has none or one, so it needs no second read.
 */
export const presentNewMessage = async (
  q: Queryable,
  row: MessageRow,
  attachments: Message['attachments'],
): Promise<Message> => {
  const ordered =
    attachments.length < 2
      ? attachments
      : (await findAttachmentRows(q, eq(messages.uid, row.uid))).map((a) => ({
          uid: a.uid,
          file_name: a.file_name,
          blurred: a.blurred_from_file_id !== null,
        }));
  return presentMessage(row, { resolvedBy: null, attachments: ordered, receipts: [], seen: false });
};

/** One message as the list shows it, or null. */
export const findMessage = async (q: Queryable, uid: string, viewerId: number): Promise<Message | null> =>
  (await findMessages(q, eq(messages.uid, uid), viewerId))[0] ?? null;

/**
 * GET /api/v2/collection/{uid}/messages/: the collection's messages, plus, when `extra-ref` names the
 * collection's shipping client, that client's notes (CLIENT_NOTE, kept on the client record). Another
 * client's uid is ignored: the page always sends the shipping client's, so a different one is an old
 * page after the shipping client changed, and it still gets the collection's own messages.
 */
export const listCollectionMessages = async (
  q: Queryable,
  options: { rawUid: string; extraRef: string | undefined; viewerId: number },
): Promise<Message[]> => {
  const uid = parseCollectionUid(options.rawUid);
  const [collection] = await q
    .select({ uid: collections.uid, client_uid: clients.uid })
    .from(collections)
    .innerJoin(clients, eq(clients.id, collections.shipping_client_id))
    .where(eq(collections.uid, uid))
    .limit(1);
  if (!collection) throw collectionNotFound();
  const withClientNotes = options.extraRef?.trim().toLowerCase() === collection.client_uid;
  const where = or(
    eq(messages.case_collection_uid, collection.uid),
    withClientNotes
      ? and(
          eq(messages.client_uid, collection.client_uid),
          eq(messages.message_type, 'CLIENT_NOTE'),
          isNull(messages.case_collection_uid),
        )
      : undefined,
  );
  return findMessages(q, where, options.viewerId);
};
