import { eq } from 'drizzle-orm';
import { AppError, uploadMessages, type PartnerJob } from '@lab/domain';
import type { PartnerActor } from '../../auth/actor';
import { inTransaction, type Db } from '../../db/client';
import { files } from '../../db/schema/index';
import type { UploadedPart } from '../../http/multipart-upload';
import type { FileStorage } from '../../storage/file-storage';
import { saveCaseChanges } from '../cases/kernel';
import { writeFileAudit } from '../files/file-audit';
import { caseFileListName } from '../files/case-file-rows';
import { forgetKeptFiles, insertFileRow, keepUploadedParts } from '../files/store-file';
import { loadPartnerJob } from './load-partner-job';
import { findPartnerJobRow } from './partner-job-row';
import { jobEnded, lockWritableJob, notifyCaseDepartment } from './lock-partner-job';

// POST /api/v2/partner/{outsource_key}/files/: the partner's return files, stored as the case's
// outsource_received_files on this job through the staff upload path (type allowlist, size cap, content
// sniffing, STL/PLY checks) before the transaction; then the rows, their audit, the case audit row (the
// Files tab's list, as a staff upload writes it), the collection-changed event and the department's
// notification in one transaction. Answers the job as the page shows it.

const category = 'outsource_received_file';

export const uploadReturnFiles = async (
  db: Db,
  options: { partner: PartnerActor; parts: readonly UploadedPart[]; storage: FileStorage },
): Promise<PartnerJob> => {
  const { partner, storage } = options;
  // Nothing is stored for a job that is already read only.
  if ((await findPartnerJobRow(db, partner)).end) throw jobEnded();
  if (options.parts.length === 0) {
    throw new AppError('validation_failed', {
      message: uploadMessages.noFiles,
      fields: { files: uploadMessages.noFiles },
    });
  }
  const kept = await keepUploadedParts(storage, options.parts, category);
  try {
    await inTransaction(db, async (tx) => {
      const locked = await lockWritableJob(tx, partner);
      const { job, actionCase } = locked;
      const now = new Date();
      for (const file of kept) {
        const row = await insertFileRow(tx, file, {
          category,
          case_uid: job.case_uid,
          collection_uid: job.collection_uid,
          uploaded_by_id: null,
          uploaded_by_reference: partner.partnerName,
          partner_id: job.partner_id,
        });
        // The file owner of the shared insert has no job yet; the job is set in the same transaction.
        await tx.update(files).set({ outsource_uid: job.uid }).where(eq(files.id, row.id));
        await writeFileAudit(tx, {
          fileUid: row.uid,
          action: 'uploaded',
          actor: partner,
          caseUid: job.case_uid,
          collectionUid: job.collection_uid,
          changes: {
            filename: row.filename,
            file_category: category,
            size_bytes: file.size_bytes,
            outsource_uid: job.uid,
          },
          now,
        });
      }
      const names = kept.map((file) => file.filename).join(', ');
      // Bumps the case and the collection and publishes the collection-changed event with the audit row.
      await saveCaseChanges(tx, {
        actionCase,
        actor: partner,
        now,
        set: {},
        changes: { [caseFileListName(category)]: { old: null, new: names } },
      });
      const count = kept.length === 1 ? '1 file' : `${kept.length} files`;
      await notifyCaseDepartment(tx, locked, {
        partner,
        note: `${partner.partnerName} returned ${count} for ${job.case_mkey}: ${names}`,
        messageUid: null,
      });
    });
  } catch (error) {
    await forgetKeptFiles(storage, kept);
    throw error;
  }
  return loadPartnerJob(db, partner);
};
