import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  AppError,
  portalFileTypes,
  portalTexts,
  type PortalFileLink,
  type PortalFileType,
} from '@lab/domain';
import type { ClientActor } from '../../auth/actor';
import type { Queryable } from '../../db/client';
import {
  approval_files,
  approvals,
  cases,
  files,
  message_attachments,
  messages,
} from '../../db/schema/index';
import { isUuid } from '../approvals/approval-records';
import { createDownloadUrl } from '../files/file-links';
import { isCollectionWithdrawn } from './collection-availability';

// GET /api/v2/customer/{portal_key}/file/{type}/{id}/: a one-time link to a file the portal lists — an
// approval's file, an attachment of a CLIENTS-visible message, an order file — of the key's own
// collection. Anything else (an internal file, another collection's, an unknown type) is the same 404.

type Found = { fileId: number; fileName: string } | null;

const fileNotFound = () => new AppError('not_found', { message: portalTexts.fileNotFound });

const asPositiveInt = (raw: string): number | null => {
  if (!/^[0-9]{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value > 0 ? value : null;
};

const findApprovalFile = async (q: Queryable, client: ClientActor, rawId: string): Promise<Found> => {
  const id = asPositiveInt(rawId);
  if (id === null) return null;
  const [row] = await q
    .select({ fileId: approval_files.file_id, fileName: approval_files.filename })
    .from(approval_files)
    .innerJoin(approvals, eq(approvals.uid, approval_files.approval_uid))
    .innerJoin(cases, eq(cases.uid, approvals.case_uid))
    .innerJoin(files, eq(files.id, approval_files.file_id))
    .where(
      and(
        eq(approval_files.id, id),
        eq(cases.collection_uid, client.collectionUid),
        isNull(approvals.cancelled_at),
        isNull(approval_files.deleted_at),
        isNull(files.deleted_at),
      ),
    )
    .limit(1);
  return row ?? null;
};

const findMessageAttachment = async (q: Queryable, client: ClientActor, rawId: string): Promise<Found> => {
  if (!isUuid(rawId)) return null;
  const [row] = await q
    .select({ fileId: message_attachments.file_id, fileName: message_attachments.file_name })
    .from(message_attachments)
    .innerJoin(messages, eq(messages.uid, message_attachments.message_uid))
    .innerJoin(files, eq(files.id, message_attachments.file_id))
    .where(
      and(
        eq(message_attachments.uid, rawId),
        eq(messages.case_collection_uid, client.collectionUid),
        eq(messages.visibility, 'CLIENTS'),
        isNull(files.deleted_at),
      ),
    )
    .limit(1);
  return row ?? null;
};

const findOrderFile = async (q: Queryable, client: ClientActor, rawId: string): Promise<Found> => {
  const id = asPositiveInt(rawId);
  if (id === null) return null;
  const [row] = await q
    .select({ fileId: files.id, fileName: files.filename })
    .from(files)
    .where(
      and(
        eq(files.id, id),
        eq(files.collection_uid, client.collectionUid),
        eq(files.file_category, 'order_file'),
        eq(files.upload_state, 'complete'),
        isNull(files.deleted_at),
        // An original behind a live blurred copy is not listed (the copy stands in for it), so its id
        // must not reach it either: that is what the blurring hid.
        sql`NOT EXISTS (SELECT 1 FROM files AS blurred_copy
                        WHERE blurred_copy.blurred_from_file_id = ${files.id}
                          AND blurred_copy.deleted_at IS NULL)`,
      ),
    )
    .limit(1);
  return row ?? null;
};

const finders: Record<PortalFileType, (q: Queryable, client: ClientActor, rawId: string) => Promise<Found>> =
  {
    approval_file: findApprovalFile,
    message_attachment: findMessageAttachment,
    order_file: findOrderFile,
  };

const isPortalFileType = (type: string): type is PortalFileType =>
  (portalFileTypes as readonly string[]).includes(type);

export const createPortalFileLink = async (
  q: Queryable,
  options: { client: ClientActor; type: string; id: string; ttlMinutes: number },
): Promise<PortalFileLink> => {
  if (!isPortalFileType(options.type)) throw fileNotFound();
  if (await isCollectionWithdrawn(q, options.client)) throw fileNotFound();
  const found = await finders[options.type](q, options.client, options.id);
  if (!found) throw fileNotFound();
  return {
    url: await createDownloadUrl(q, { fileId: found.fileId, ttlMinutes: options.ttlMinutes }),
    file_name: found.fileName,
  };
};
