import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { businessSecondsBetween, outsourceDueSoonBusinessSeconds } from '@lab/domain';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { publishCollectionChanged } from '../../realtime/events';
import { cases, collections, outsources, partners } from '../../db/schema/index';
import { notifyCaseDepartment } from '../notifications/notify-case-department';
import { defaultBranchCalendar, loadBranchCalendar } from '../schedule/load-branch-calendar';

// Job 'outsource-reminders' (every minute): a started, open job that the partner has not marked done
// gets a due-soon notice 4 business hours (of the case's branch) before expected_return and an overdue
// notice once it has passed, each to the case's department, each once: the stamp is written in the
// transaction that creates the notices, on rows claimed FOR UPDATE SKIP LOCKED, so restarts and several
// processes never send one twice.

const batchSize = 100;
// Four business hours never span more than a long weekend plus holidays: a cheap prefilter in SQL.
const dueSoonHorizonMs = 6 * 24 * 3600 * 1000;

const claimCandidates = (tx: Tx, now: Date) =>
  tx
    .select({
      id: outsources.id,
      uid: outsources.uid,
      expected_return: outsources.expected_return,
      due_soon_reminder: outsources.due_soon_reminder,
      overdue_reminder: outsources.overdue_reminder,
      partner: partners.name,
      case_uid: cases.uid,
      case_mkey: cases.case_mkey,
      department: cases.department,
      collection_uid: collections.uid,
      branch_id: collections.fulfillment_branch_id,
    })
    .from(outsources)
    .innerJoin(partners, eq(partners.id, outsources.partner_id))
    .innerJoin(cases, eq(cases.uid, outsources.case_uid))
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .where(
      and(
        isNotNull(outsources.start),
        isNull(outsources.end),
        isNull(outsources.marked_as_completed),
        isNotNull(outsources.expected_return),
        or(
          and(
            isNull(outsources.due_soon_reminder),
            lte(outsources.expected_return, new Date(now.getTime() + dueSoonHorizonMs)),
          ),
          and(isNull(outsources.overdue_reminder), lte(outsources.expected_return, now)),
        ),
      ),
    )
    .orderBy(asc(outsources.expected_return))
    .limit(batchSize)
    .for('update', { of: outsources, skipLocked: true });

type Candidate = Awaited<ReturnType<typeof claimCandidates>>[number];
type Notice = 'due_soon' | 'overdue';

const noticeFor = async (tx: Tx, job: Candidate, now: Date): Promise<Notice | null> => {
  const due = job.expected_return;
  if (!due) return null;
  if (due.getTime() <= now.getTime()) return job.overdue_reminder ? null : 'overdue';
  if (job.due_soon_reminder) return null;
  const branch = job.branch_id === null ? null : await loadBranchCalendar(tx, job.branch_id);
  const left = businessSecondsBetween(branch?.calendar ?? defaultBranchCalendar, now, due);
  return left <= outsourceDueSoonBusinessSeconds ? 'due_soon' : null;
};

const noticeText = (job: Candidate, notice: Notice): string =>
  notice === 'overdue'
    ? `Outsource job ${job.case_mkey} with ${job.partner} is overdue`
    : `Outsource job ${job.case_mkey} with ${job.partner} is due back within 4 business hours`;

/** One pass at `now`; answers how many notices went out (tests move the clock). */
export const sendOutsourceReminders = async (db: Db, now: Date): Promise<number> =>
  inTransaction(db, async (tx) => {
    let sent = 0;
    for (const job of await claimCandidates(tx, now)) {
      const notice = await noticeFor(tx, job, now);
      if (!notice) continue;
      await tx
        .update(outsources)
        .set(notice === 'overdue' ? { overdue_reminder: now } : { due_soon_reminder: now })
        .where(eq(outsources.id, job.id));
      await notifyCaseDepartment(tx, {
        caseUid: job.case_uid,
        collectionUid: job.collection_uid,
        department: job.department,
        branchId: job.branch_id,
        note: noticeText(job, notice),
        authorReference: job.partner,
        messageUid: null,
        informational: notice === 'due_soon',
      });
      await tx
        .update(collections)
        .set({ updated_at: sql`now()` })
        .where(eq(collections.uid, job.collection_uid));
      // No audit row marks it: open pages of the collection hear of the reminder stamp and updated_at here.
      await publishCollectionChanged(tx, job.collection_uid);
      sent += 1;
    }
    return sent;
  });
