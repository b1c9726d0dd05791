import { and, eq, inArray } from 'drizzle-orm';
import type { PortalCollection, PortalMessage } from '@lab/domain';
import type { ClientActor } from '../../auth/actor';
import type { Queryable } from '../../db/client';
import { approval_types, message_portal_reads, messages } from '../../db/schema/index';
import { listOrderForms } from '../collections/list-actions';
import { loadCollection } from '../collections/load-collection';
import { findMessages } from '../messages/message-queries';
import {
  isCollectionCancelled,
  presentPortalApproval,
  presentPortalCase,
  presentPortalMessage,
  type ApprovalTypeInfo,
} from './present-portal';

// GET /api/v2/customer/{portal_key}/: the client's collection, built from the staff reads and then
// narrowed by the portal presenters. Only CLIENTS-visible messages are read at all.

// No employee reads through the portal: staff read receipts are not the client's.
const noEmployee = -1;

const clientVisible = (collectionUid: string) =>
  and(eq(messages.case_collection_uid, collectionUid), eq(messages.visibility, 'CLIENTS'));

/** The client's messages by created_at, each with the client's own read state. */
export const loadPortalMessages = async (q: Queryable, collectionUid: string): Promise<PortalMessage[]> => {
  const rows = await findMessages(q, clientVisible(collectionUid), noEmployee);
  if (rows.length === 0) return [];
  const reads = await q
    .select({ message_uid: message_portal_reads.message_uid })
    .from(message_portal_reads)
    .innerJoin(messages, eq(messages.uid, message_portal_reads.message_uid))
    .where(clientVisible(collectionUid));
  const seen = new Set(reads.map((r) => r.message_uid));
  return rows.map((row) => presentPortalMessage(row, seen.has(row.uid)));
};

/** One message of the client's collection (a checked uid), or null when the portal may not see it. */
export const findPortalMessage = async (
  q: Queryable,
  client: ClientActor,
  uid: string,
): Promise<PortalMessage | null> => {
  const [row] = await findMessages(
    q,
    and(clientVisible(client.collectionUid), eq(messages.uid, uid)),
    noEmployee,
  );
  if (!row) return null;
  const [read] = await q
    .select({ message_uid: message_portal_reads.message_uid })
    .from(message_portal_reads)
    .where(eq(message_portal_reads.message_uid, uid))
    .limit(1);
  return presentPortalMessage(row, read !== undefined);
};

const loadApprovalTypes = async (q: Queryable, codes: readonly string[]) => {
  const rows =
    codes.length === 0
      ? []
      : await q
          .select({
            code: approval_types.code,
            name: approval_types.name,
            voids_warranty: approval_types.voids_warranty,
          })
          .from(approval_types)
          .where(inArray(approval_types.code, [...codes]));
  return new Map<string, ApprovalTypeInfo>(rows.map((r) => [r.code, r]));
};

export const loadPortalCollection = async (q: Queryable, client: ClientActor): Promise<PortalCollection> => {
  const collection = await loadCollection(q, client.collectionUid);
  const header = {
    uid: collection.uid,
    collection_id: collection.collection_id,
    patient_reference: collection.patient_reference,
    client_name: collection.client_name,
    client_account_number: collection.client_account_number,
    ordering_platform: collection.ordering_platform,
  };
  if (isCollectionCancelled(collection)) {
    return { ...header, cancelled: true, cases: [], approvals: [], messages: [], order_forms: [] };
  }
  // A cancelled request is withdrawn by the lab: nothing for the client to see or answer.
  const approvals = collection.approvals.filter((approval) => !approval.cancelled_at);
  const types = await loadApprovalTypes(q, [...new Set(approvals.map((a) => a.approval_type))]);
  return {
    ...header,
    cancelled: false,
    cases: collection.cases.map(presentPortalCase),
    approvals: approvals.map((approval) => presentPortalApproval(approval, types)),
    messages: await loadPortalMessages(q, collection.uid),
    // Presented as staff see them: the ordering platform's own keys never leave the server.
    order_forms: await listOrderForms(q, collection.uid),
  };
};
