import { canEditImage } from '@lab/domain';
import { blurAttachment, fetchAttachmentLink, restoreAttachment } from '../api/attachment-calls';
import { FileGallery } from './file-gallery';

// A message's attachments on the staff pages: the shared gallery (thumbnails, inline audio, links, the
// viewer) with the staff attachment address, and the image editor (blur_attachment) for images of an
// editable type, restored by admin or DESIGN.

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

type GalleryAttachment = { key: string; fileName: string; attachment: MessageAttachment };

export const AttachmentList = ({
  messageUid,
  attachments,
  type,
  canRestoreImages,
  onChanged,
}: AttachmentListProps) => {
  const files: GalleryAttachment[] = attachments.map((attachment) => ({
    key: attachment.uid,
    fileName: attachment.file_name,
    attachment,
  }));
  const editorFor = ({ attachment }: GalleryAttachment, close: () => void) =>
    canEditImage(attachment.file_name, type)
      ? {
          canRestore: canRestoreImages,
          isBlurred: attachment.blurred ?? false,
          onSave: async (png: Blob) => {
            await blurAttachment(attachment.uid, { messageUid, fileName: attachment.file_name }, png);
            close();
            onChanged?.();
          },
          onRestore: async () => {
            await restoreAttachment(attachment.uid, messageUid);
            close();
            onChanged?.();
          },
        }
      : undefined;

  return (
    <FileGallery
      files={files}
      loadUrl={({ attachment }) => fetchAttachmentLink(attachment.uid)}
      editorFor={editorFor}
    />
  );
};
