import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { fileDialogTexts, type Collection, type CollectionCase } from '@lab/domain';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { uploadCameraPhoto } from '../api/case-file-calls';
import { useCaseFileMutation } from '../api/use-case-file-mutation';
import { CameraCard } from './camera-card';

type CameraDialogProps = {
  isOpen: boolean;
  collection: Collection;
  caseItem: CollectionCase;
  onClose: () => void;
};

/** The Photo toolbar button: the camera card; a saved photo becomes one of the case's internal files. */
export const CameraDialog = ({ isOpen, collection, caseItem, onClose }: CameraDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  const upload = useCaseFileMutation(collection.uid, (photo: { jpeg: Blob; name: string }) =>
    uploadCameraPhoto(caseItem.case_id, photo.jpeg, photo.name),
  );
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      {/* The camera card carries its own close button. */}
      <DialogTitle id={titleId}>
        {fileDialogTexts.photoTitle} · {caseItem.case_mkey}
      </DialogTitle>
      <DialogContent>
        {/* Unmounted on close, so the camera stops and the photo is reset (spec). */}
        {isOpen && (
          <CameraCard
            onSave={async (jpeg, name) => {
              await upload.mutateAsync({ jpeg, name });
            }}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
};
