import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { canEditImage, isAudioFile, isImageFile } from '@lab/domain';
import { blurAttachment, fetchAttachmentLink, restoreAttachment } from '../api/attachment-calls';
import { FileViewerDialog } from './file-viewer-dialog';
import { useOneTimeFile } from './one-time-file';

// A message's attachments (collection-views §2 'Message attachments list'): images as thumbnails (at most
// 200 px wide), aac and mp4 as inline audio, anything else as a link; each opens in the file viewer, where
// images of an editable type can be blurred (blur_attachment) and restored by admin or DESIGN.

export type MessageAttachment = { uid: string; file_name: string; blurred?: boolean };

export type AttachmentListProps = {
  messageUid: string;
  attachments: readonly MessageAttachment[];
  /** note_attachment or message_attachment: what the editor may edit. */
  type: 'note_attachment' | 'message_attachment';
  canRestoreImages: boolean;
  /** After a blur or restore: the caller refetches its messages. */
  onChanged?: () => void;
};

const mimeOf = (name: string): string => (isAudioFile(name) ? 'audio/mp4' : '');

const Thumbnail = ({ attachment, onOpen }: { attachment: MessageAttachment; onOpen: () => void }) => {
  const { load } = useOneTimeFile(() => fetchAttachmentLink(attachment.uid), '');
  return (
    <ButtonBase onClick={onOpen} aria-label={`Open ${attachment.file_name}`} sx={{ borderRadius: 1 }}>
      {load.status === 'loaded' ? (
        <Box
          component="img"
          src={load.objectUrl}
          alt={attachment.file_name}
          sx={{ maxWidth: 200, maxHeight: 200, borderRadius: 1, display: 'block' }}
        />
      ) : load.status === 'loading' ? (
        <CircularProgress size={24} aria-label={`Loading ${attachment.file_name}`} />
      ) : (
        <Chip icon={<AttachFileIcon />} label={attachment.file_name} />
      )}
    </ButtonBase>
  );
};

const InlineAudio = ({ attachment }: { attachment: MessageAttachment }) => {
  const { load } = useOneTimeFile(() => fetchAttachmentLink(attachment.uid), mimeOf(attachment.file_name));
  if (load.status !== 'loaded') return <Chip icon={<AttachFileIcon />} label={attachment.file_name} />;
  return <audio controls src={load.objectUrl} aria-label={attachment.file_name} style={{ maxWidth: 280 }} />;
};

export const AttachmentList = ({
  messageUid,
  attachments,
  type,
  canRestoreImages,
  onChanged,
}: AttachmentListProps) => {
  const [open, setOpen] = useState<MessageAttachment | null>(null);
  const editor =
    open && canEditImage(open.file_name, type)
      ? {
          canRestore: canRestoreImages,
          isBlurred: open.blurred ?? false,
          onSave: async (png: Blob) => {
            await blurAttachment(open.uid, { messageUid, fileName: open.file_name }, png);
            setOpen(null);
            onChanged?.();
          },
          onRestore: async () => {
            await restoreAttachment(open.uid, messageUid);
            setOpen(null);
            onChanged?.();
          },
        }
      : undefined;

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
      {attachments.map((attachment) => {
        if (isImageFile(attachment.file_name)) {
          return (
            <Thumbnail key={attachment.uid} attachment={attachment} onOpen={() => setOpen(attachment)} />
          );
        }
        if (isAudioFile(attachment.file_name))
          return <InlineAudio key={attachment.uid} attachment={attachment} />;
        return (
          <Chip
            key={attachment.uid}
            icon={<AttachFileIcon />}
            label={attachment.file_name}
            onClick={() => setOpen(attachment)}
            variant="outlined"
          />
        );
      })}
      {open && (
        <FileViewerDialog
          open
          fileName={open.file_name}
          loadUrl={() => fetchAttachmentLink(open.uid)}
          onClose={() => setOpen(null)}
          {...(editor ? { editor } : {})}
        />
      )}
    </Stack>
  );
};
