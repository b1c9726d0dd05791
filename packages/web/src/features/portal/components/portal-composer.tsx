import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { LinkComposerFields } from '../../../components/link-composer-fields';
import { isKeyLinkError, keyLinkErrorText } from '../../../lib/key-link-fetch';
import { usePostPortalMessage } from '../api/post-portal-message';
import { ChosenFiles } from './chosen-files';

// The compose footer (collection-views §2, §5 'Chat compose'): a note and optional attachments. An empty
// note is not sent — attachments alone are not enough — so Send waits for text. Sent: the form clears
// and the collection reloads.

type PortalComposerProps = { portalKey: string; collectionUid: string };

export const PortalComposer = ({ portalKey, collectionUid }: PortalComposerProps) => {
  const post = usePostPortalMessage(portalKey);
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const fields = isKeyLinkError(post.error) ? post.error.fields : undefined;
  const noteError = fields?.['note'];
  const otherError =
    post.isError && !noteError
      ? fields
        ? Object.values(fields).join(' ')
        : keyLinkErrorText(post.error)
      : null;

  const handleSend = () => {
    post.mutate(
      { note, collectionUid, attachments: files },
      {
        onSuccess: () => {
          setNote('');
          setFiles([]);
        },
      },
    );
  };

  return (
    <Paper component="section" aria-label="Send a message" variant="outlined" sx={{ p: 1.5 }}>
      <Stack spacing={1}>
        <LinkComposerFields
          note={note}
          onNoteChange={setNote}
          onSend={handleSend}
          isPending={post.isPending}
          noteError={noteError}
          otherError={otherError}
          extra={
            <ChosenFiles
              files={files}
              inputLabel="Attach files"
              buttonText="Attach files"
              isDisabled={post.isPending}
              onChange={setFiles}
            />
          }
        />
      </Stack>
    </Paper>
  );
};
