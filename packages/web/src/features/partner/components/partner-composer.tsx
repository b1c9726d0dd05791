import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { LinkComposerFields } from '../../../components/link-composer-fields';
import { isKeyLinkError, keyLinkErrorText } from '../../../lib/key-link-fetch';
import { usePostPartnerMessage } from '../api/post-partner-message';

// The compose box: an empty message is not sent, so Send waits for text. Sent: the box clears.

export const PartnerComposer = ({ outsourceKey }: { outsourceKey: string }) => {
  const post = usePostPartnerMessage(outsourceKey);
  const [message, setMessage] = useState('');
  const fieldError = isKeyLinkError(post.error) ? post.error.fields?.['message'] : undefined;
  const otherError = post.isError && !fieldError ? keyLinkErrorText(post.error) : null;

  return (
    <Stack
      component="form"
      spacing={1}
      aria-label="Send a message"
      onSubmit={(event) => event.preventDefault()}
    >
      <LinkComposerFields
        note={message}
        onNoteChange={setMessage}
        onSend={() => post.mutate(message, { onSuccess: () => setMessage('') })}
        isPending={post.isPending}
        noteError={fieldError}
        otherError={otherError}
      />
    </Stack>
  );
};
