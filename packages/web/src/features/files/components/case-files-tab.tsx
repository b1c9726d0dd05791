import Stack from '@mui/material/Stack';
import { useState } from 'react';
import {
  canEditImage,
  caseFileListTitles,
  caseFileTypes,
  caseUploadTypes,
  type CaseFile,
  type CaseFileType,
  type Collection,
  type CollectionCase,
} from '@lab/domain';
import { useConf } from '../../../lib/conf';
import {
  blurCaseFile,
  deleteCaseFile,
  fetchCaseFileLink,
  restoreCaseFile,
  uploadCaseFiles,
} from '../api/case-file-calls';
import { useCaseFileMutation } from '../api/use-case-file-mutation';
import { openDownload } from '../open-download';
import { FileListCard } from './file-list-card';
import { LazyFileViewerDialog } from './lazy-file-viewer-dialog';
import { ReturnFilesCard } from './return-files-card';

const listOf = (caseItem: CollectionCase, type: CaseFileType): CaseFile[] => caseItem[`${type}s`];

/**
 * Which cards show ("each only when the case has that list"): order, internal and approval files belong
 * to every case; the outsource lists only to a case that was outsourced (or already holds such files).
 */
const hasList = (caseItem: CollectionCase, type: CaseFileType): boolean =>
  type === 'outsource_sent_file' || type === 'outsource_received_file'
    ? caseItem.outsources.length > 0 || listOf(caseItem, type).length > 0
    : true;

const isUploadType = (type: CaseFileType): type is (typeof caseUploadTypes)[number] =>
  (caseUploadTypes as readonly string[]).includes(type);

type Viewing = { file: CaseFile; type: CaseFileType };

export type CaseFilesTabProps = {
  collection: Collection;
  caseItem: CollectionCase;
  /** Admin or DESIGN (the page knows the signed-in user). */
  canRestoreImages: boolean;
};

/** The case drawer's Files tab (case-workspace §2 'Files'). */
export const CaseFilesTab = ({ collection, caseItem, canRestoreImages }: CaseFilesTabProps) => {
  const conf = useConf();
  const caseId = caseItem.case_id;
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const upload = useCaseFileMutation(
    collection.uid,
    (v: { type: (typeof caseUploadTypes)[number]; files: File[]; onProgress: (f: number) => void }) =>
      uploadCaseFiles(caseId, v.type, v.files, v.onProgress),
  );
  const remove = useCaseFileMutation(collection.uid, (v: Viewing) =>
    deleteCaseFile(caseId, v.type, v.file.id),
  );
  const blur = useCaseFileMutation(collection.uid, (v: Viewing & { png: Blob }) =>
    blurCaseFile(caseId, v.type, v.file.id, v.png),
  );
  const restore = useCaseFileMutation(collection.uid, (v: Viewing) =>
    restoreCaseFile(caseId, v.type, v.file.id),
  );

  const viewed = viewing;
  const editor =
    viewed && canEditImage(viewed.file.filename, viewed.type)
      ? {
          canRestore: canRestoreImages,
          isBlurred: viewed.file.blurred,
          onSave: async (png: Blob) => {
            await blur.mutateAsync({ ...viewed, png });
            setViewing(null);
          },
          onRestore: async () => {
            await restore.mutateAsync(viewed);
            setViewing(null);
          },
        }
      : undefined;

  return (
    <Stack spacing={2}>
      {caseFileTypes
        .filter((type) => hasList(caseItem, type))
        .map((type) => (
          <FileListCard
            key={type}
            title={caseFileListTitles[type]}
            files={listOf(caseItem, type)}
            onUpload={
              isUploadType(type)
                ? async (files, onProgress) => {
                    await upload.mutateAsync({ type, files, onProgress });
                  }
                : undefined
            }
            onDelete={async (file) => {
              await remove.mutateAsync({ file, type });
            }}
            onOpen={(file) => setViewing({ file, type })}
            onDownload={async (file) => openDownload(await fetchCaseFileLink(caseId, type, file.id))}
          />
        ))}
      {(caseItem.requires_return_file || caseItem.return_files.length > 0) && (
        <ReturnFilesCard fileTransferUrl={conf.file_transfer_url} returnFiles={caseItem.return_files} />
      )}
      {viewed && (
        <LazyFileViewerDialog
          open
          fileName={viewed.file.filename}
          loadUrl={() => fetchCaseFileLink(caseId, viewed.type, viewed.file.id)}
          onClose={() => setViewing(null)}
          {...(editor ? { editor } : {})}
        />
      )}
    </Stack>
  );
};
