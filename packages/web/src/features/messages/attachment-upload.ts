import type { Collection } from '@lab/domain';

// Composer attachments go through the file service (case-workspace §7 'File service'); the page hands the
// upload in, since the file service calls belong to features/files.

export type AttachmentReference = { entityType: 'COLLECTION' | 'CASE'; entityIdentification: string };

export type AttachmentUploadRequest = {
  files: File[];
  /** The service's country: the shipping client's, AU by default. */
  country: string;
  references: AttachmentReference[];
};

/** Uploads the files and answers the service file names to post as oft_attachments. */
export type UploadAttachments = (request: AttachmentUploadRequest) => Promise<string[]>;

/** The files hang on the message's case when it has one, else on the collection. */
export const attachmentReferencesOf = (
  collectionUid: string,
  caseUid: string | undefined,
): AttachmentReference[] =>
  caseUid
    ? [{ entityType: 'CASE', entityIdentification: caseUid }]
    : [{ entityType: 'COLLECTION', entityIdentification: collectionUid }];

export const uploadCountryOf = (collection: Pick<Collection, 'shipping_client'>): string =>
  collection.shipping_client.country || 'AU';
