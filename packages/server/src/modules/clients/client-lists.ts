import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  toIso,
  type ClientIdentification,
  type Communication,
  type IdentificationKind,
  type Message,
  type Referral,
} from '@lab/domain';
import type { Queryable } from '../../db/client';
import {
  client_identifications,
  collections,
  communications,
  messages,
  referrals,
  users,
} from '../../db/schema/index';
import { presentCommunication } from '../messages/communication-logs';
import { findMessages } from '../messages/message-queries';
import { findReferralsWhere } from '../collections/collection-queries';
import { requireClientRecord } from './client-record';

// The lists beside the client's details on the client page, each its own call.

/** The newest this many communications; older mail is in each collection's own log. */
export const clientCommunicationLimit = 200;

/** GET /api/v2/client/{id}/notes/: the client's CLIENT_NOTEs, newest first. */
export const listClientNotes = async (q: Queryable, rawId: string, viewerId: number): Promise<Message[]> => {
  const client = await requireClientRecord(q, rawId);
  const notes = await findMessages(
    q,
    and(eq(messages.client_uid, client.uid), eq(messages.message_type, 'CLIENT_NOTE')),
    viewerId,
  );
  return notes.reverse();
};

/**
 * GET /api/v2/client/{id}/communications/: what was sent to the client, newest first — mail recorded
 * for the client, and mail about the collections it ordered. Mail to a partner about one of those
 * collections (an outsource request) went to the partner, not the client, so it is left out.
 */
export const listClientCommunications = async (q: Queryable, rawId: string): Promise<Communication[]> => {
  const client = await requireClientRecord(q, rawId);
  const ordered = q
    .select({ uid: collections.uid })
    .from(collections)
    .where(eq(collections.shipping_client_id, client.id));
  const rows = await q
    .select()
    .from(communications)
    .where(
      or(
        eq(communications.client_uid, client.uid),
        and(
          isNull(communications.client_uid),
          isNull(communications.outsource_uid),
          inArray(communications.case_collection_uid, ordered),
        ),
      ),
    )
    .orderBy(desc(communications.created_at), desc(communications.id))
    .limit(clientCommunicationLimit);
  return rows.map(presentCommunication);
};

const addedBy = alias(users, 'added_by');

/** GET /api/v2/client/{id}/identifications/: oldest first, the order they were added in. */
export const listClientIdentifications = async (
  q: Queryable,
  rawId: string,
): Promise<ClientIdentification[]> => {
  const client = await requireClientRecord(q, rawId);
  const rows = await q
    .select({
      id: client_identifications.id,
      kind: client_identifications.kind,
      value: client_identifications.value,
      created_at: client_identifications.created_at,
      created_by: addedBy.username,
    })
    .from(client_identifications)
    .leftJoin(addedBy, eq(addedBy.id, client_identifications.created_by_id))
    .where(eq(client_identifications.client_id, client.id))
    .orderBy(asc(client_identifications.created_at), asc(client_identifications.id));
  return rows.map((row) => ({
    ...row,
    // The database check allows only the two kinds.
    kind: row.kind as IdentificationKind,
    created_at: toIso(row.created_at),
  }));
};

/** GET /api/v2/client/{id}/referrals/: referrals the client made or was brought in by, newest first. */
export const listClientReferrals = async (q: Queryable, rawId: string): Promise<Referral[]> => {
  const client = await requireClientRecord(q, rawId);
  const rows = await findReferralsWhere(
    q,
    or(eq(referrals.referrer_client_id, client.id), eq(referrals.referree_client_id, client.id)),
  );
  return rows.map((row) => ({
    ...row,
    created_at: toIso(row.created_at),
    accepted_at: toIso(row.accepted_at),
    canceled_at: toIso(row.canceled_at),
  }));
};
