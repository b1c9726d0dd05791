import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AppError, partnerTexts, toIso, type PartnerFile, type PartnerFileLink } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { files } from '../../db/schema/index';
import { createDownloadUrl } from '../files/file-links';
import type { PartnerJobRow } from './partner-job-row';

// The two file lists of a partner's job and the one-time links to them. The same conditions decide what
// the page lists and what a link may reach, so an id outside the lists (an internal file, another job's
// or another partner's file) is the same 404 as an unknown one.

type JobFiles = Pick<PartnerJobRow, 'uid' | 'case_uid' | 'partner_id'>;

/** A stored, live file that no blurred copy stands in for (what blurring hid stays hidden). */
const isShown: SQL = and(
  eq(files.upload_state, 'complete'),
  isNull(files.deleted_at),
  sql`NOT EXISTS (SELECT 1 FROM files AS blurred_copy
                  WHERE blurred_copy.blurred_from_file_id = ${files.id}
                    AND blurred_copy.deleted_at IS NULL)`,
) as SQL;

/** Sent for this job, or for the case's outsourcing in general, to this partner or to none in particular. */
const sentFor = (job: JobFiles): SQL =>
  and(
    eq(files.case_uid, job.case_uid),
    eq(files.file_category, 'outsource_sent_file'),
    or(eq(files.outsource_uid, job.uid), isNull(files.outsource_uid)),
    or(eq(files.partner_id, job.partner_id), isNull(files.partner_id)),
  ) as SQL;

/** Returned on this job; a blurred copy carries no job, so it counts through its original. */
const receivedFor = (job: JobFiles): SQL =>
  and(
    eq(files.case_uid, job.case_uid),
    eq(files.file_category, 'outsource_received_file'),
    or(
      eq(files.outsource_uid, job.uid),
      sql`EXISTS (SELECT 1 FROM files AS original
                  WHERE original.id = ${files.blurred_from_file_id}
                    AND original.outsource_uid = ${job.uid})`,
    ),
  ) as SQL;

const listFiles = async (q: Queryable, where: SQL): Promise<PartnerFile[]> => {
  const rows = await q
    .select({ id: files.id, file_name: files.filename, size_bytes: files.size_bytes, added: files.added })
    .from(files)
    .where(and(where, isShown))
    .orderBy(asc(files.added), asc(files.id));
  return rows.map((row) => ({ ...row, added: toIso(row.added) }));
};

export const listSentFiles = (q: Queryable, job: JobFiles): Promise<PartnerFile[]> =>
  listFiles(q, sentFor(job));

export const listReceivedFiles = (q: Queryable, job: JobFiles): Promise<PartnerFile[]> =>
  listFiles(q, receivedFor(job));

const fileNotFound = () => new AppError('not_found', { message: partnerTexts.fileNotFound });

const asFileId = (raw: string): number | null => {
  if (!/^[0-9]{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value > 0 ? value : null;
};

/** GET /api/v2/partner/{key}/file/{file_id}/: a one-time download link of a file the page lists. */
export const createPartnerFileLink = async (
  q: Queryable,
  options: { job: JobFiles; rawFileId: string; ttlMinutes: number },
): Promise<PartnerFileLink> => {
  const id = asFileId(options.rawFileId);
  if (id === null) throw fileNotFound();
  const [file] = await q
    .select({ id: files.id, file_name: files.filename })
    .from(files)
    .where(and(eq(files.id, id), isShown, or(sentFor(options.job), receivedFor(options.job))))
    .limit(1);
  if (!file) throw fileNotFound();
  return {
    url: await createDownloadUrl(q, { fileId: file.id, ttlMinutes: options.ttlMinutes }),
    file_name: file.file_name,
  };
};
