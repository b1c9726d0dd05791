import { and, asc, desc, eq, gte, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { toIso, type CheckInLists, type CheckInRow, type OrderingPlatform } from '@lab/domain';
import { findChosenBranch } from '../../db/chosen-branch';
import type { Db } from '../../db/client';
import { cases, clients, collections, job_types, statuses } from '../../db/schema/index';

// GET /api/v2/checkin/?branch_id=N: the Check-in desk's lists for one branch (without one, the employee's). Orders that name no branch
// yet show at every branch's desk (the desk that takes them chooses). Arrived: ordered, not yet received;
// awaiting check-in: received, still Ordered; checked in today: metrology completed since the branch's
// midnight.

/** At most this many rows per list: a desk works through its queue, it does not scroll a history. */
const listLimit = 200;

const rowsWhere = (db: Db, where: SQL | undefined, newestFirst = false) =>
  db
    .select({
      case_uid: cases.uid,
      case_id: cases.case_id,
      case_mkey: cases.case_mkey,
      collection_uid: collections.uid,
      patient_reference: collections.patient_reference,
      client_name: clients.name,
      job_type: job_types.name,
      ordering_platform: collections.ordering_platform,
      added: cases.added,
      date_received: cases.date_received,
      date_checked_in: cases.date_metrology_complete,
    })
    .from(cases)
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .innerJoin(clients, eq(clients.id, collections.shipping_client_id))
    .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
    .innerJoin(statuses, eq(statuses.id, cases.status_id))
    .where(where)
    .orderBy(newestFirst ? desc(cases.date_metrology_complete) : asc(cases.added), asc(cases.case_mkey))
    .limit(listLimit);

type Row = Awaited<ReturnType<typeof rowsWhere>>[number];

const present = (row: Row): CheckInRow => ({
  ...row,
  // The column's check keeps it to the platforms (collections_ordering_platform_check).
  ordering_platform: row.ordering_platform as OrderingPlatform,
  added: toIso(row.added),
  date_received: row.date_received ? toIso(row.date_received) : null,
  date_checked_in: row.date_checked_in ? toIso(row.date_checked_in) : null,
});

/** The branch asked for, else the employee's own, else the first; null when the one asked for is unknown. */
export const findCheckInLists = async (
  db: Db,
  options: { askedBranchId: number | undefined; ownBranchId: number | null; now?: Date },
): Promise<CheckInLists | null> => {
  const branch = await findChosenBranch(db, options.askedBranchId, options.ownBranchId);
  if (!branch) return null;
  const branchId = branch.id;
  const now = options.now ?? new Date();
  const zone = branch.time_zone;
  const midnight = DateTime.fromJSDate(now).setZone(zone).startOf('day').toJSDate();
  const atBranch = or(
    eq(collections.fulfillment_branch_id, branchId),
    isNull(collections.fulfillment_branch_id),
  );
  const ordered = and(atBranch, eq(statuses.parent_name, 'ORDERED'), eq(cases.cancelled, false));
  const [arrived, awaiting, checkedIn] = [
    await rowsWhere(db, and(ordered, isNull(cases.date_received))),
    await rowsWhere(db, and(ordered, isNotNull(cases.date_received))),
    await rowsWhere(
      db,
      and(atBranch, isNotNull(cases.check_in_user_id), gte(cases.date_metrology_complete, midnight)),
      true,
    ),
  ];
  return {
    branch: { id: branch.id, name: branch.name },
    arrived: arrived.map(present),
    awaiting_check_in: awaiting.map(present),
    checked_in_today: checkedIn.map(present),
  };
};
