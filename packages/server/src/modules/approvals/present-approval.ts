import { eq } from 'drizzle-orm';
import type { CollectionApproval } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { approvals } from '../../db/schema/index';
import { findApprovalRows, findUserNames } from '../collections/collection-queries';
import { presentApprovals } from '../collections/present-collection';
import { approvalNotFound } from './approval-records';

/** The approval exactly as GET /api/v2/collection/{uid}/ lists it, so the web can put it in its cache. */
export const presentApproval = async (q: Queryable, uid: string): Promise<CollectionApproval> => {
  const [owner] = await q
    .select({ case_uid: approvals.case_uid })
    .from(approvals)
    .where(eq(approvals.uid, uid))
    .limit(1);
  if (!owner) throw approvalNotFound();
  const rows = (await findApprovalRows(q, [owner.case_uid])).filter((r) => r.approval.uid === uid);
  const authorIds = rows.flatMap((r) =>
    r.approval.created_by_id === null ? [] : [r.approval.created_by_id],
  );
  const [answer] = presentApprovals(rows, await findUserNames(q, authorIds));
  if (!answer) throw approvalNotFound();
  return answer;
};
