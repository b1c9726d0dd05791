import { inArray, or } from 'drizzle-orm';
import { fieldError, fileServiceMessages, type FileServiceUploadRequest } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { cases, collections } from '../../db/schema/index';

// Where a file-service upload belongs. A COLLECTION reference names the collection by uid; a CASE
// reference names the case by uid or case_mkey and implies its collection. All references of one item
// must agree on one collection and at most one case (a files row has one of each); anything else is
// 'Unknown collection or case', so nothing is created for a reference that does not resolve.

export type FileOwnerRef = { collection_uid: string; case_uid: string | null };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string): boolean => uuidPattern.test(value);

const unknownReference = () => fieldError('fileReferences', fileServiceMessages.unknownReference);

/** One owner per item, in order; 400 when any reference does not resolve or they disagree. */
export const resolveFileReferences = async (
  q: Queryable,
  items: FileServiceUploadRequest,
): Promise<FileOwnerRef[]> => {
  const references = items.flatMap((item) => item.fileReferences);
  const ids = (type: 'COLLECTION' | 'CASE') => [
    ...new Set(references.filter((r) => r.entityType === type).map((r) => r.entityIdentification.trim())),
  ];
  const collectionIds = ids('COLLECTION');
  const caseIds = ids('CASE');
  // A non-UUID compared with a uuid column is a database error, so only well-formed uids are asked for.
  const collectionUids = collectionIds.filter(isUuid).map((id) => id.toLowerCase());
  const caseUids = caseIds.filter(isUuid).map((id) => id.toLowerCase());
  const caseKeys = caseIds.filter((id) => !isUuid(id));

  const knownCollections = new Set(
    collectionUids.length === 0
      ? []
      : (
          await q
            .select({ uid: collections.uid })
            .from(collections)
            .where(inArray(collections.uid, collectionUids))
        ).map((row) => row.uid),
  );
  const caseConditions = [
    ...(caseUids.length > 0 ? [inArray(cases.uid, caseUids)] : []),
    ...(caseKeys.length > 0 ? [inArray(cases.case_mkey, caseKeys)] : []),
  ];
  const caseRows =
    caseConditions.length === 0
      ? []
      : await q
          .select({ uid: cases.uid, case_mkey: cases.case_mkey, collection_uid: cases.collection_uid })
          .from(cases)
          .where(or(...caseConditions));
  const caseBy = new Map<string, { uid: string; collection_uid: string }>();
  for (const row of caseRows) {
    caseBy.set(row.uid, row);
    caseBy.set(row.case_mkey, row);
  }

  return items.map((item) => {
    const collectionsOfItem = new Set<string>();
    const casesOfItem = new Set<string>();
    for (const reference of item.fileReferences) {
      const id = reference.entityIdentification.trim();
      if (reference.entityType === 'COLLECTION') {
        const uid = id.toLowerCase();
        if (!knownCollections.has(uid)) throw unknownReference();
        collectionsOfItem.add(uid);
      } else {
        const found = caseBy.get(isUuid(id) ? id.toLowerCase() : id);
        if (!found) throw unknownReference();
        casesOfItem.add(found.uid);
        collectionsOfItem.add(found.collection_uid);
      }
    }
    const [collection_uid, ...otherCollections] = collectionsOfItem;
    const [case_uid, ...otherCases] = casesOfItem;
    if (!collection_uid || otherCollections.length > 0 || otherCases.length > 0) throw unknownReference();
    return { collection_uid, case_uid: case_uid ?? null };
  });
};
