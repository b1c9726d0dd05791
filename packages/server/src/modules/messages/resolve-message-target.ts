import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  AppError,
  caseRequiredTypes,
  composerMessages,
  isClientRecipientType,
  messageTextsExtra,
  omitsCase,
  recipientDepartmentOf,
  type Department,
  type MessageTypeCode,
  type PostMessageFields,
} from '@lab/domain';
import type { Tx } from '../../db/client';
import { approvals, cases, clients, collections, outsources, partners, users } from '../../db/schema/index';
import { collectionNotFound } from '../collections/collection-queries';

// What a new message hangs on, checked against the database (the composer's rules are checked before):
// its collection or client, case, approval, outsource job and recipient. Everything the server derives
// comes from the rows, never from the body (case-workspace §9, domain-decisions 'Messages').

export type MessageTarget = {
  client: { id: number; uid: string; name: string };
  /** The collection the message is on; null for a CLIENT_NOTE (it belongs to the client record). */
  case_collection_uid: string | null;
  /** The collection it was written from (also for a CLIENT_NOTE, when known): files and events. */
  source_collection_uid: string | null;
  fulfillment_branch_id: number | null;
  case: { uid: string; department: Department | null; delegated_to_id: number | null } | null;
  approval_uid: string | null;
  outsource_uid: string | null;
  recipient_reference: string | null;
  recipient_user_id: number | null;
};

const invalid = (field: string, message: string): AppError =>
  new AppError('validation_failed', { message, fields: { [field]: message } });

const loadCollection = async (tx: Tx, uid: string) => {
  const [row] = await tx
    .select({
      uid: collections.uid,
      fulfillment_branch_id: collections.fulfillment_branch_id,
      client: { id: clients.id, uid: clients.uid, name: clients.name },
    })
    .from(collections)
    .innerJoin(clients, eq(clients.id, collections.shipping_client_id))
    .where(eq(collections.uid, uid))
    .limit(1);
  if (!row) throw collectionNotFound();
  return row;
};

/** A CLIENT_NOTE: the client named by client_uid, or the shipping client of the collection sent. */
const resolveClientNote = async (tx: Tx, body: PostMessageFields): Promise<MessageTarget> => {
  const collection = body.case_collection_uid ? await loadCollection(tx, body.case_collection_uid) : null;
  let client = collection?.client ?? null;
  if (!client && body.client_uid) {
    const [row] = await tx
      .select({ id: clients.id, uid: clients.uid, name: clients.name })
      .from(clients)
      .where(eq(clients.uid, body.client_uid))
      .limit(1);
    client = row ?? null;
  }
  if (!client || (body.client_uid && body.client_uid !== client.uid)) {
    throw invalid('client_uid', messageTextsExtra.unknownClient);
  }
  return {
    client,
    case_collection_uid: null,
    source_collection_uid: collection?.uid ?? null,
    fulfillment_branch_id: collection?.fulfillment_branch_id ?? null,
    case: null,
    approval_uid: null,
    outsource_uid: null,
    recipient_reference: null,
    recipient_user_id: null,
  };
};

/** Any approval named must be on a case of the collection; an APPROVAL_MESSAGE's must also be open. */
const loadApproval = async (tx: Tx, approvalUid: string, collectionUid: string, mustBeOpen: boolean) => {
  const [row] = await tx
    .select({
      uid: approvals.uid,
      case_uid: approvals.case_uid,
      open: sql<boolean>`${approvals.approved_at} IS NULL AND ${approvals.cancelled_at} IS NULL`,
    })
    .from(approvals)
    .innerJoin(cases, eq(cases.uid, approvals.case_uid))
    .where(and(eq(approvals.uid, approvalUid), eq(cases.collection_uid, collectionUid)))
    .limit(1);
  if (!row || (mustBeOpen && !row.open)) throw invalid('approval_uid', composerMessages.noApproval);
  return row;
};

const loadCase = async (tx: Tx, caseUid: string, collectionUid: string) => {
  const [row] = await tx
    .select({ uid: cases.uid, department: cases.department, delegated_to_id: cases.delegated_to_id })
    .from(cases)
    .where(and(eq(cases.uid, caseUid), eq(cases.collection_uid, collectionUid)))
    .limit(1);
  if (!row) throw invalid('case_uid', composerMessages.noCase);
  return { ...row, department: row.department as Department | null };
};

/** An OUTSOURCE_MESSAGE goes to a job of its case that has not ended; the partner is the recipient. */
const loadOpenOutsource = async (tx: Tx, outsourceUid: string | undefined, caseUid: string) => {
  const [row] = outsourceUid
    ? await tx
        .select({ uid: outsources.uid, partner: partners.name })
        .from(outsources)
        .innerJoin(partners, eq(partners.id, outsources.partner_id))
        .where(
          and(eq(outsources.uid, outsourceUid), eq(outsources.case_uid, caseUid), isNull(outsources.end)),
        )
        .limit(1)
    : [];
  if (!row) throw invalid('outsource_uid', composerMessages.noOutsource);
  return row;
};

/** A design/production/lab recipient: an active employee of that department, by username; blank = all. */
const loadStaffRecipient = async (tx: Tx, reference: string | undefined, department: Department) => {
  const username = reference?.trim() ?? '';
  if (username === '') return null;
  const [row] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${username.toLowerCase()}`,
        eq(users.department, department),
        eq(users.is_active, true),
      ),
    )
    .limit(1);
  if (!row) throw invalid('recipient_reference', messageTextsExtra.unknownRecipient);
  return row;
};

export const resolveMessageTarget = async (
  tx: Tx,
  type: MessageTypeCode,
  body: PostMessageFields,
): Promise<MessageTarget> => {
  if (type === 'CLIENT_NOTE') return resolveClientNote(tx, body);
  if (!body.case_collection_uid) {
    throw invalid('case_collection_uid', messageTextsExtra.noCollection);
  }
  const collection = await loadCollection(tx, body.case_collection_uid);
  const approval = body.approval_uid
    ? await loadApproval(tx, body.approval_uid, collection.uid, type === 'APPROVAL_MESSAGE')
    : null;
  // Where the case is the composer's choice, an approval of another case contradicts it (the message
  // would silently move to that case); elsewhere the body's case is not a choice and is ignored.
  const chosenCase = caseRequiredTypes.includes(type) ? body.case_uid?.toLowerCase() : undefined;
  if (approval && chosenCase && chosenCase !== approval.case_uid) {
    throw invalid('approval_uid', composerMessages.noApproval);
  }
  // The chosen approval fixes the case; client messages and scan advice otherwise have none.
  const caseUid = approval ? approval.case_uid : omitsCase(type) ? null : (body.case_uid ?? null);
  const caseRow = caseUid ? await loadCase(tx, caseUid, collection.uid) : null;
  const outsource =
    type === 'OUTSOURCE_MESSAGE' && caseRow
      ? await loadOpenOutsource(tx, body.outsource_uid, caseRow.uid)
      : null;
  const department = recipientDepartmentOf(type);
  const staffRecipient = department
    ? await loadStaffRecipient(tx, body.recipient_reference, department)
    : null;
  const recipientReference = staffRecipient
    ? staffRecipient.username
    : isClientRecipientType(type)
      ? collection.client.name
      : (outsource?.partner ?? null);
  return {
    client: collection.client,
    case_collection_uid: collection.uid,
    source_collection_uid: collection.uid,
    fulfillment_branch_id: collection.fulfillment_branch_id,
    case: caseRow,
    approval_uid: approval?.uid ?? null,
    outsource_uid: outsource?.uid ?? null,
    recipient_reference: recipientReference,
    recipient_user_id: staffRecipient?.id ?? null,
  };
};
