import { and, eq, isNull } from 'drizzle-orm';
import type { JobContext } from '../../jobs/job-definition';
import type { JobPayloads } from '../../jobs/job-names';
import { inTransaction, type Queryable } from '../../db/client';
import { collections, files, outsources } from '../../db/schema/index';
import { publishCollectionChanged } from '../../realtime/events';
import { copyStoredFile } from '../files/copy-stored-file';
import { holdFileLock } from '../files/file-lock';
import { writeFileAudit } from '../files/file-audit';
import { forgetKeptFiles, insertFileRow, type KeptFile } from '../files/store-file';

// The Auto Upload job: copies each file not copied before (by name) into the target list, each with its
// audit row, recorded for the employee who asked. Running it twice copies nothing twice.

type CopyPayload = JobPayloads['outsource-file-copy'];

/** The case's live, uploaded files of one category. */
export const findLiveCaseFiles = (q: Queryable, caseUid: string, category: string) =>
  q
    .select()
    .from(files)
    .where(
      and(
        eq(files.case_uid, caseUid),
        eq(files.file_category, category),
        isNull(files.deleted_at),
        eq(files.upload_state, 'complete'),
      ),
    );

export const copyOutsourceFiles = async (data: CopyPayload, { db, storage }: JobContext): Promise<number> => {
  const [job] = await db.select().from(outsources).where(eq(outsources.uid, data.outsource_uid)).limit(1);
  if (!job) return 0;
  const toPartner = data.direction === 'to_partner';
  const sourceCategory = toPartner ? 'order_file' : 'outsource_received_file';
  const targetCategory = toPartner ? 'outsource_sent_file' : 'internal_file';
  const sources = await findLiveCaseFiles(db, data.case_uid, sourceCategory);
  const present = new Set(
    (await findLiveCaseFiles(db, data.case_uid, targetCategory)).map((f) => f.filename),
  );
  const missing = sources.filter((f) => !present.has(f.filename));
  if (missing.length === 0) return 0;

  const collectionUid = missing[0]?.collection_uid;
  const copy = () => copyMissing(data, { db, storage }, { job, missing, targetCategory, toPartner });
  // Staff see the lock bar while the bytes are copied.
  return collectionUid ? holdFileLock(db, collectionUid, copy) : copy();
};

type CopyPlan = {
  job: typeof outsources.$inferSelect;
  missing: Awaited<ReturnType<typeof findLiveCaseFiles>>;
  targetCategory: 'outsource_sent_file' | 'internal_file';
  toPartner: boolean;
};

const copyMissing = async (
  data: CopyPayload,
  { db, storage }: Pick<JobContext, 'db' | 'storage'>,
  { job, missing, targetCategory, toPartner }: CopyPlan,
): Promise<number> => {
  const kept: KeptFile[] = [];
  try {
    for (const source of missing) kept.push(await copyStoredFile(storage, source));
    await inTransaction(db, async (tx) => {
      for (const copy of kept) {
        const row = await insertFileRow(tx, copy, {
          category: targetCategory,
          case_uid: data.case_uid,
          collection_uid: missing[0]?.collection_uid ?? null,
          uploaded_by_id: data.requested_by_id,
          partner_id: toPartner ? job.partner_id : null,
          outsource_uid: toPartner ? job.uid : null,
        });
        await writeFileAudit(tx, {
          fileUid: row.uid,
          action: 'uploaded',
          actor: { kind: 'on_behalf', userId: data.requested_by_id, reference: data.requested_by },
          caseUid: data.case_uid,
          collectionUid: missing[0]?.collection_uid ?? null,
          changes: { file_category: targetCategory, filename: row.filename, auto_upload: true },
        });
      }
      const collectionUid = missing[0]?.collection_uid;
      if (collectionUid) {
        await tx
          .update(collections)
          .set({ updated_at: new Date() })
          .where(eq(collections.uid, collectionUid));
        await publishCollectionChanged(tx, collectionUid);
      }
    });
  } catch (error) {
    await forgetKeptFiles(storage, kept);
    throw error;
  }
  return kept.length;
};
