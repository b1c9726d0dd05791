import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { serviceFileName, type OrderAnswer } from '@lab/domain';
import type { Tx } from '../../db/client';
import { cases, clients, collections, files } from '../../db/schema/index';
import { createFileLink, uploadLinkPath } from '../files/file-links';

// The answer to an order, new or sent again: the collection, its cases, and each file of the order with
// a one-time upload link while its bytes have not arrived (a file already sent has none). Sent again, an
// order gets fresh links, so a platform that lost its first answer, or outlived its links, carries on.

export const answerKnownOrder = async (
  tx: Tx,
  options: { collectionUid: string; created: boolean; linkTtlMinutes: number },
): Promise<OrderAnswer> => {
  const [collection] = await tx
    .select({
      uid: collections.uid,
      collection_id: collections.collection_id,
      needs_review: clients.needs_review,
    })
    .from(collections)
    .innerJoin(clients, eq(clients.id, collections.shipping_client_id))
    .where(eq(collections.uid, options.collectionUid))
    .limit(1);
  if (!collection) throw new Error('an order whose collection is gone');
  const caseRows = await tx
    .select({ case_uid: cases.uid, case_id: cases.case_id, case_mkey: cases.case_mkey })
    .from(cases)
    .where(eq(cases.collection_uid, collection.uid))
    .orderBy(asc(cases.ordinal));
  // The order's files are the collection's order and collection files no employee uploaded.
  const fileRows = await tx
    .select({ id: files.id, uid: files.uid, filename: files.filename, upload_state: files.upload_state })
    .from(files)
    .where(
      and(
        eq(files.collection_uid, collection.uid),
        inArray(files.file_category, ['order_file', 'collection_file']),
        isNull(files.uploaded_by_id),
        isNull(files.deleted_at),
      ),
    )
    .orderBy(asc(files.id));
  const answered: OrderAnswer['files'] = [];
  for (const file of fileRows) {
    const link =
      file.upload_state === 'pending'
        ? uploadLinkPath(
            await createFileLink(tx, {
              fileId: file.id,
              purpose: 'upload',
              ttlMinutes: options.linkTtlMinutes,
            }),
          )
        : null;
    answered.push({
      uid: file.uid,
      fileName: serviceFileName(file.uid, file.filename),
      oneTimeUploadLink: link,
    });
  }
  return {
    created: options.created,
    collection_uid: collection.uid,
    collection_id: collection.collection_id,
    client_needs_review: collection.needs_review,
    cases: caseRows,
    files: answered,
  };
};
