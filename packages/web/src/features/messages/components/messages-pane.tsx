import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useCallback, useState } from 'react';
import { messageTextsExtra, type Message } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useReadMarking } from '../../../lib/use-read-marking';
import { useMarkMessageRead, useResolveMessage } from '../api/patch-message';
import type { MessageTimelineData } from '../hooks/use-message-timeline';
import type { TimelineEntry } from '../timeline';
import type { RenderAttachments } from './message-bubble';
import { MessageTimeline } from './message-timeline';

type MessagesPaneProps = {
  collectionUid: string;
  data: MessageTimelineData;
  /** The entries the filters keep. */
  entries: readonly TimelineEntry[];
  highlightUid: string | null;
  scrollRequest: number;
  renderAttachments: RenderAttachments;
  /** A staff viewer marks messages read as they come into view. */
  canMarkRead: boolean;
};

/** The timeline with its actions: resolve (after 'Are you sure?') and read marking. */
export const MessagesPane = ({
  collectionUid,
  data,
  entries,
  highlightUid,
  scrollRequest,
  renderAttachments,
  canMarkRead,
}: MessagesPaneProps) => {
  const resolve = useResolveMessage(collectionUid);
  const watchRead = useReadMarking(useMarkMessageRead(collectionUid), canMarkRead);
  const [resolving, setResolving] = useState<Message | null>(null);
  const { reloadMessages } = data;
  // Stable, so the memoised rows do not render again with every render of the list.
  const handleAttachmentsChanged = useCallback(() => void reloadMessages(), [reloadMessages]);

  const handleConfirmResolve = () => {
    if (!resolving) return;
    resolve.mutate(resolving.uid, { onSettled: () => setResolving(null) });
  };

  return (
    <Stack spacing={1}>
      {resolve.isError && (
        <Alert severity="error" onClose={() => resolve.reset()}>
          {resolve.error.message}
        </Alert>
      )}
      <MessageTimeline
        entries={entries}
        isLoading={data.isLoading}
        loadError={data.loadError}
        labels={data.labels}
        highlightUid={highlightUid}
        scrollRequest={scrollRequest}
        renderAttachments={renderAttachments}
        onAttachmentsChanged={handleAttachmentsChanged}
        onResolve={setResolving}
        watchRead={watchRead}
      />
      <ConfirmDialog
        isOpen={resolving !== null}
        title="Resolve Message"
        message={messageTextsExtra.resolveConfirm}
        isBusy={resolve.isPending}
        onConfirm={handleConfirmResolve}
        onCancel={() => setResolving(null)}
      />
    </Stack>
  );
};
