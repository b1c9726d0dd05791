import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { composerMessages, type Collection } from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { usePostMessage } from '../api/post-message';
import { attachmentReferencesOf, uploadCountryOf, type UploadAttachments } from '../attachment-upload';
import { prepareAttachments } from '../html-attachment';
import { buildMessageFields, type MessageContext, type MessageDraft } from '../message-fields';

// Send, once the draft passed the composer's rules (case-workspace §7, §8): rewrite HTML attachments,
// upload every attachment through the file service, then post. Each step's failure stops the send
// with its spec text.

// Spec: two brandings exist and nexus is the default; the viewer takes the app's primary colour.
const viewerTitle = 'Nexus';

export type SendError = { text: string; detail: string | null };

type SendOptions = { collection: Collection; uploadAttachments: UploadAttachments };

export const useSendMessage = ({ collection, uploadAttachments }: SendOptions) => {
  const theme = useTheme();
  const postMessage = usePostMessage();
  const [isSending, setIsSending] = useState(false);
  const [sendError, setSendError] = useState<SendError | null>(null);
  // The fields the server refused, by name: shown under them until the draft changes.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const steps = async (
    draft: MessageDraft,
    files: readonly File[],
    contextOf: (attachments: string[]) => MessageContext,
  ): Promise<boolean> => {
    let prepared: File[];
    try {
      prepared = await prepareAttachments(files, {
        title: viewerTitle,
        primaryColour: theme.palette.primary.main,
      });
    } catch {
      setSendError({ text: composerMessages.htmlFailed, detail: null });
      return false;
    }
    let names: string[] = [];
    if (prepared.length > 0) {
      try {
        names = await uploadAttachments({
          files: prepared,
          country: uploadCountryOf(collection),
          references: attachmentReferencesOf(
            collection.uid,
            buildMessageFields(draft, contextOf([])).case_uid,
          ),
        });
      } catch {
        setSendError({ text: composerMessages.uploadFailed, detail: null });
        return false;
      }
    }
    try {
      await postMessage.mutateAsync(buildMessageFields(draft, contextOf(names)));
      return true;
    } catch (error) {
      setFieldErrors(isApiError(error) ? (error.fields ?? {}) : {});
      setSendError({
        text: composerMessages.submitFailed,
        // The server's own words when it answered; a network failure has nothing to add.
        detail: isApiError(error) && error.status > 0 ? error.message : null,
      });
      return false;
    }
  };

  /** Answers whether the message was posted. */
  const send = async (...args: Parameters<typeof steps>): Promise<boolean> => {
    setSendError(null);
    setIsSending(true);
    try {
      return await steps(...args);
    } finally {
      setIsSending(false);
    }
  };

  return {
    send,
    isSending,
    sendError,
    dismissSendError: () => setSendError(null),
    fieldErrors,
    clearFieldErrors: () => setFieldErrors({}),
  };
};
