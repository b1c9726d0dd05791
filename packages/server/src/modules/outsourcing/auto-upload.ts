import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { AppError, outsourceMessages } from '@lab/domain';
import type { Tx } from '../../db/client';
import { outsources } from '../../db/schema/index';
import { enqueueJob } from '../../jobs/enqueue-job';
import { jobNames } from '../../jobs/job-names';
import { answerCase, type ActionInput, type CaseActionHandler } from '../cases/kernel';
import { findLiveCaseFiles } from './outsource-file-copy';
import { writeOutsourceAudit } from './outsource-records';

// Auto Upload (case-workspace §4): queue copying the case's order files to the open job's partner
// (auto_outsource_upload), or the files partners returned into the case's internal files
// (auto_internal_upload). The copy runs as a job (outsource-file-copy.ts): bytes are not copied while the
// case is locked.

const countLive = async (tx: Tx, caseUid: string, category: string): Promise<number> =>
  (await findLiveCaseFiles(tx, caseUid, category)).length;

const queueCopy = async (
  tx: Tx,
  input: ActionInput<unknown>,
  job: { id: number; uid: string },
  direction: 'to_partner' | 'to_internal',
) => {
  const { actionCase, actor, now } = input;
  await enqueueJob(tx, jobNames.outsourceFileCopy, {
    case_uid: actionCase.row.uid,
    outsource_uid: job.uid,
    direction,
    requested_by_id: actor.id,
    requested_by: actor.username,
  });
  await writeOutsourceAudit(tx, {
    job,
    actionCase,
    action: 'upload_queued',
    changes: { direction },
    actor,
    now,
  });
  return answerCase(actionCase.row.uid);
};

export const autoOutsourceUpload: CaseActionHandler<'auto_outsource_upload'> = async (tx, input) => {
  const caseUid = input.actionCase.row.uid;
  const [job] = await tx
    .select({ id: outsources.id, uid: outsources.uid })
    .from(outsources)
    .where(and(eq(outsources.case_uid, caseUid), isNotNull(outsources.start), isNull(outsources.end)))
    .orderBy(desc(outsources.start))
    .limit(1);
  if (!job) throw new AppError('conflict', { message: outsourceMessages.noOpenJob });
  if ((await countLive(tx, caseUid, 'order_file')) === 0) {
    throw new AppError('conflict', { message: outsourceMessages.noFilesToUpload });
  }
  return queueCopy(tx, input, job, 'to_partner');
};

export const autoInternalUpload: CaseActionHandler<'auto_internal_upload'> = async (tx, input) => {
  const caseUid = input.actionCase.row.uid;
  const [job] = await tx
    .select({ id: outsources.id, uid: outsources.uid })
    .from(outsources)
    .where(and(eq(outsources.case_uid, caseUid), isNotNull(outsources.start)))
    .orderBy(desc(outsources.start))
    .limit(1);
  if (!job || (await countLive(tx, caseUid, 'outsource_received_file')) === 0) {
    throw new AppError('conflict', { message: outsourceMessages.noFilesToUpload });
  }
  return queueCopy(tx, input, job, 'to_internal');
};
