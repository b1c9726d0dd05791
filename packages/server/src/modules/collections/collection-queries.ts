import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError, collectionMessages } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { isAnyOf, uidsPlaceholder, type CaseUids } from '../../db/any-of';
import {
  approval_files,
  approvals,
  branches,
  clients,
  collection_pricing_kits,
  collections,
  couriers,
  dispatch_cases,
  dispatches,
  kits,
  location_audit,
  order_stages,
  referrals,
  users,
} from '../../db/schema/index';

// Reads of the collection itself and its collection-level children. Each function is ONE statement, so
// the collection load costs the same number of queries whatever the number of cases; the load's are
// prepared once per handle (db/prepared.ts).

const uuidText = z.guid();

/** The uid when it could name a row; a malformed one is answered like an unknown one (404). */
export const parseCollectionUid = (uid: string): string => {
  const parsed = uuidText.safeParse(uid);
  if (!parsed.success) throw collectionNotFound();
  return parsed.data.toLowerCase();
};

export const collectionNotFound = (): AppError =>
  new AppError('not_found', { message: collectionMessages.loadFailed });

/** The name staff are shown by, as the employee list builds it. */
export const userName = (person: { first_name: AnyPgColumn; last_name: AnyPgColumn }) =>
  sql<string>`trim(${person.first_name} || ' ' || ${person.last_name})`;

const billingClients = alias(clients, 'billing_clients');
const binBranches = alias(branches, 'bin_branches');

/** The collection whose uid is the placeholder `uid`, with its clients, branch and stage. */
export const collectionRowQuery = (db: Queryable) =>
  db
    .select({
      collection: collections,
      shipping_client: {
        id: clients.client_id,
        uid: clients.uid,
        name: clients.name,
        country: clients.country,
        account_number: clients.account_number,
      },
      // Where a new dispatch goes by default.
      shipping_address: {
        address_line_1: clients.address_line_1,
        address_line_2: clients.address_line_2,
        suburb: clients.suburb,
        state: clients.state,
        postcode: clients.postcode,
      },
      billing_client: {
        id: billingClients.client_id,
        uid: billingClients.uid,
        name: billingClients.name,
        country: billingClients.country,
      },
      fulfillment_branch: branches.name,
      order_stage: { id: order_stages.id, name: order_stages.name },
      bin_location_branch: binBranches.name,
    })
    .from(collections)
    .innerJoin(clients, eq(clients.id, collections.shipping_client_id))
    .leftJoin(billingClients, eq(billingClients.id, collections.billing_client_id))
    .leftJoin(branches, eq(branches.id, collections.fulfillment_branch_id))
    .leftJoin(order_stages, eq(order_stages.id, collections.order_stage_id))
    .leftJoin(binBranches, eq(binBranches.id, collections.bin_location_branch_id))
    .where(eq(collections.uid, sql.placeholder('uid')))
    .limit(1);

export const findCollectionRow = async (q: Queryable, uid: string) => {
  const [row] = await preparedOnce(q, 'collection_row', (db, name) =>
    collectionRowQuery(db).prepare(name),
  ).execute({
    uid,
  });
  return row ?? null;
};
export type CollectionRow = NonNullable<Awaited<ReturnType<typeof findCollectionRow>>>;

/** 404 unless the collection exists; the list actions need nothing else of it. */
export const requireCollection = async (db: Queryable, rawUid: string): Promise<string> => {
  const uid = parseCollectionUid(rawUid);
  const [row] = await db
    .select({ uid: collections.uid })
    .from(collections)
    .where(eq(collections.uid, uid))
    .limit(1);
  if (!row) throw collectionNotFound();
  return row.uid;
};

/** Where the collection's box has been, newest first (`uid` placeholder). */
export const locationAuditQuery = (db: Queryable) =>
  db
    .select({
      bin_location: location_audit.bin_location,
      bin_location_branch: branches.name,
      moved_at: location_audit.moved_at,
      moved_by: location_audit.moved_by,
    })
    .from(location_audit)
    .leftJoin(branches, eq(branches.id, location_audit.bin_location_branch_id))
    .where(eq(location_audit.collection_uid, sql.placeholder('uid')))
    .orderBy(desc(location_audit.moved_at), desc(location_audit.id));

export const findLocationAudit = (q: Queryable, collectionUid: string) =>
  preparedOnce(q, 'collection_location_audit', (db, name) => locationAuditQuery(db).prepare(name)).execute({
    uid: collectionUid,
  });

/** The collection's pricing kits (`uid` placeholder). */
export const pricingKitsQuery = (db: Queryable) =>
  db
    .select({
      kit_collection_id: collection_pricing_kits.kit_collection_id,
      dentate: collection_pricing_kits.dentate,
      kit_id: kits.id,
      kit_code: kits.code,
      kit_name: kits.name,
      kit_implant_qty: kits.implant_qty,
    })
    .from(collection_pricing_kits)
    .innerJoin(kits, eq(kits.id, collection_pricing_kits.kit_id))
    .where(eq(collection_pricing_kits.collection_uid, sql.placeholder('uid')))
    .orderBy(asc(collection_pricing_kits.kit_collection_id));

export const findPricingKits = (q: Queryable, collectionUid: string) =>
  preparedOnce(q, 'collection_pricing_kits', (db, name) => pricingKitsQuery(db).prepare(name)).execute({
    uid: collectionUid,
  });

const referrers = alias(clients, 'referrers');
const referrees = alias(clients, 'referrees');

/** Referral rows with both clients' names, newest first (the collection's, or a client's on its page). */
export const findReferralsWhere = (db: Queryable, where: SQL | undefined) =>
  db
    .select({
      created_at: referrals.created_at,
      referrer_client_name: referrers.name,
      referree_identification: referrals.referree_identification,
      referree_client_name: referrees.name,
      accepted_at: referrals.accepted_at,
      canceled_at: referrals.canceled_at,
    })
    .from(referrals)
    .innerJoin(referrers, eq(referrers.id, referrals.referrer_client_id))
    .leftJoin(referrees, eq(referrees.id, referrals.referree_client_id))
    .where(where)
    .orderBy(desc(referrals.created_at), desc(referrals.id));

/** The collection's referrals (`uid` placeholder). */
export const referralsQuery = (db: Queryable) =>
  findReferralsWhere(db, eq(referrals.collection_uid, sql.placeholder('uid')));

/** One row per dispatched case (a dispatch without cases still gives one row); grouped by the presenter. */
export const dispatchRowsQuery = (db: Queryable) =>
  db
    .select({
      id: dispatches.id,
      uid: dispatches.uid,
      courier: dispatches.courier,
      tracking_reference: dispatches.tracking_reference,
      shipping_address: dispatches.shipping_address,
      tracking_url_template: couriers.tracking_url_template,
      dispatched_at: dispatches.dispatched_at,
      dispatched_by_id: dispatches.dispatched_by_id,
      case_uid: dispatch_cases.case_uid,
    })
    .from(dispatches)
    .leftJoin(dispatch_cases, eq(dispatch_cases.dispatch_id, dispatches.id))
    // A dispatch keeps the courier's name; its tracking link uses that courier's template.
    .leftJoin(couriers, eq(couriers.name, dispatches.courier))
    .where(eq(dispatches.collection_uid, sql.placeholder('uid')))
    .orderBy(desc(dispatches.dispatched_at), desc(dispatches.id), asc(dispatch_cases.case_uid));

/** One row per live approval file (an approval without files still gives one row). */
export const approvalRowsQuery = (db: Queryable, caseUids: CaseUids) =>
  db
    .select({
      approval: approvals,
      file: { id: approval_files.id, filename: approval_files.filename, added: approval_files.added },
    })
    .from(approvals)
    .leftJoin(
      approval_files,
      and(eq(approval_files.approval_uid, approvals.uid), isNull(approval_files.deleted_at)),
    )
    .where(isAnyOf(approvals.case_uid, caseUids))
    .orderBy(
      desc(approvals.created_at),
      desc(approvals.uid),
      asc(approval_files.added),
      asc(approval_files.id),
    );

export const findApprovalRows = (q: Queryable, caseUids: string[]) =>
  preparedOnce(q, 'collection_approvals', (db, name) =>
    approvalRowsQuery(db, uidsPlaceholder).prepare(name),
  ).execute({
    uids: caseUids,
  });

/** Display names of the employees the answer mentions by id. */
export const findUserNames = async (q: Queryable, ids: Iterable<number>): Promise<Map<number, string>> => {
  const wanted = [...new Set(ids)];
  // Nobody named (a case no one has worked on yet): no statement.
  if (wanted.length === 0) return new Map();
  const rows = await preparedOnce(q, 'collection_user_names', (db, name) =>
    db
      .select({ id: users.id, name: userName(users) })
      .from(users)
      .where(isAnyOf(users.id, sql.placeholder('ids')))
      .prepare(name),
  ).execute({ ids: wanted });
  return new Map(rows.map((r) => [r.id, r.name]));
};
