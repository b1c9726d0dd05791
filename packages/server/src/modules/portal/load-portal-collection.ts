import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  clientStatusName,
  defaultBusinessTimeZone,
  holdEstimate,
  type Collection,
  type CollectionApproval,
  type PortalCollection,
  type PortalMessage,
} from '@lab/domain';
import type { ClientActor } from '../../auth/actor';
import type { Queryable } from '../../db/client';
import {
  approval_types,
  branches,
  message_portal_reads,
  messages,
  statuses,
  users,
} from '../../db/schema/index';
import { listOrderForms } from '../collections/list-actions';
import { loadCollection } from '../collections/load-collection';
import { findMessages } from '../messages/message-queries';
import { defaultBranchCalendar, loadBranchCalendar } from '../schedule/load-branch-calendar';
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

// An employee's message names them by id; one the lab wrote without an id (an import, a seed) by its
// username, which is never shown either.
const writtenBy = or(
  eq(users.id, messages.author_user_id),
  and(
    isNull(messages.author_user_id),
    eq(messages.direction, 'OUTBOUND'),
    sql`lower(${users.username}) = lower(${messages.author_reference})`,
  ),
);

/** The display name (first and last name) of the employee who wrote each message matching `where`. */
const findEmployeeAuthorNames = async (
  q: Queryable,
  where: SQL | undefined,
): Promise<Map<string, string>> => {
  const rows = await q
    .select({ uid: messages.uid, first_name: users.first_name, last_name: users.last_name })
    .from(messages)
    .innerJoin(users, writtenBy)
    .where(where);
  return new Map(rows.map((r) => [r.uid, `${r.first_name} ${r.last_name}`.trim()]));
};

/** The client's messages by created_at, each with the client's own read state. */
export const loadPortalMessages = async (q: Queryable, collectionUid: string): Promise<PortalMessage[]> => {
  const rows = await findMessages(q, clientVisible(collectionUid), noEmployee);
  if (rows.length === 0) return [];
  const authors = await findEmployeeAuthorNames(q, clientVisible(collectionUid));
  const reads = await q
    .select({ message_uid: message_portal_reads.message_uid })
    .from(message_portal_reads)
    .innerJoin(messages, eq(messages.uid, message_portal_reads.message_uid))
    .where(clientVisible(collectionUid));
  const seen = new Set(reads.map((r) => r.message_uid));
  return rows.map((row) => presentPortalMessage(row, seen.has(row.uid), authors.get(row.uid)));
};

/** One message of the client's collection (a checked uid), or null when the portal may not see it. */
export const findPortalMessage = async (
  q: Queryable,
  client: ClientActor,
  uid: string,
): Promise<PortalMessage | null> => {
  const where = and(clientVisible(client.collectionUid), eq(messages.uid, uid));
  const [row] = await findMessages(q, where, noEmployee);
  if (!row) return null;
  const authors = await findEmployeeAuthorNames(q, where);
  const [read] = await q
    .select({ message_uid: message_portal_reads.message_uid })
    .from(message_portal_reads)
    .where(eq(message_portal_reads.message_uid, uid))
    .limit(1);
  return presentPortalMessage(row, read !== undefined, authors.get(uid));
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

/** The name clients see for each of these statuses that an admin renamed for them (by status id). */
const loadClientStatusNames = async (q: Queryable, statusIds: readonly number[]) => {
  const rows =
    statusIds.length === 0
      ? []
      : await q
          .select({ id: statuses.id, name: statuses.name, client_name: statuses.client_name })
          .from(statuses)
          .where(and(inArray(statuses.id, [...statusIds]), sql`${statuses.client_name} IS NOT NULL`));
  return new Map(rows.map((row) => [row.id, clientStatusName(row)]));
};

/** The fulfillment branch's time zone; the lab's default while the order names no branch. */
const loadTimeZone = async (q: Queryable, branchId: number | null): Promise<string> => {
  if (branchId === null) return defaultBusinessTimeZone;
  const [row] = await q
    .select({ time_zone: branches.time_zone })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  return row?.time_zone ?? defaultBusinessTimeZone;
};

/**
 * Each case, with what its open approval means for its dispatch: the earliest open request holds it
 * from its sending; answering by the earliest due keeps the first date (domain `holdEstimate`).
 */
const presentCasesWithHolds = async (
  q: Queryable,
  collection: Collection,
  approvals: readonly CollectionApproval[],
  statusNames: ReadonlyMap<number, string>,
) => {
  const branchId = collection.fulfillment_branch_id;
  const calendar = (branchId === null ? null : await loadBranchCalendar(q, branchId))?.calendar;
  const now = new Date();
  return collection.cases.map((item) => {
    const open = approvals.filter(
      (a) => a.case_uid === item.uid && !a.approved_at && !a.changes_requested_at && !a.cancelled_at,
    );
    const first = open.toSorted((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))[0];
    const answerBy = open.map((a) => Date.parse(a.approval_due_at)).toSorted((a, b) => a - b)[0];
    const hold =
      first && answerBy !== undefined && item.customer_due && !item.dispatched
        ? holdEstimate(calendar ?? defaultBranchCalendar, {
            customerDue: new Date(item.customer_due),
            heldSince: new Date(first.created_at),
            answerBy: new Date(answerBy),
            now,
          })
        : null;
    return presentPortalCase(item, statusNames, hold);
  });
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
    time_zone: await loadTimeZone(q, collection.fulfillment_branch_id),
  };
  if (isCollectionCancelled(collection)) {
    return { ...header, cancelled: true, cases: [], approvals: [], messages: [], order_forms: [] };
  }
  // A cancelled request is withdrawn by the lab: nothing for the client to see or answer.
  const approvals = collection.approvals.filter((approval) => !approval.cancelled_at);
  const types = await loadApprovalTypes(q, [...new Set(approvals.map((a) => a.approval_type))]);
  const statusNames = await loadClientStatusNames(q, [
    ...new Set(collection.cases.map((item) => item.status_id)),
  ]);
  return {
    ...header,
    cancelled: false,
    cases: await presentCasesWithHolds(q, collection, approvals, statusNames),
    approvals: approvals.map((approval) => presentPortalApproval(approval, types)),
    messages: await loadPortalMessages(q, collection.uid),
    // Presented as staff see them: the ordering platform's own keys never leave the server.
    order_forms: await listOrderForms(q, collection.uid),
  };
};
