import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { Collection } from '@lab/domain';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import type { UploadAttachments } from '../attachment-upload';
import { useMessageTimeline } from '../hooks/use-message-timeline';
import { filterTimeline, noFilters, type MessageFilters } from '../message-filters';
import { ApprovalFilterAlert } from './approval-filter-alert';
import type { RenderAttachments } from './message-bubble';
import { MessageComposer } from './message-composer';
import { MessageFilterFields } from './message-filter-fields';
import { MessagesPane } from './messages-pane';

export type NotesAndMessagesViewProps = {
  collection: Collection;
  /** The signed-in user's username (the message author). */
  authorReference: string;
  /** The muid parameter: the message to scroll to and highlight. */
  highlightUid: string | null;
  /** The messageTypeCode parameter: preselects the composer's type. */
  initialTypeCode: string | null;
  /** The approval parameter: the approval request whose messages show. */
  approvalFilterUid: string | null;
  onApprovalFilterChange: (approvalUid: string | null) => void;
  renderAttachments: RenderAttachments;
  uploadAttachments: UploadAttachments;
  canMarkRead?: boolean;
};

/** The Notes & Messages view (collection-views §2): a filter column beside the composer and the timeline. */
export const NotesAndMessagesView = ({
  collection,
  authorReference,
  highlightUid,
  initialTypeCode,
  approvalFilterUid,
  onApprovalFilterChange,
  renderAttachments,
  uploadAttachments,
  canMarkRead = true,
}: NotesAndMessagesViewProps) => {
  const data = useMessageTimeline(collection, { showsCase: true });
  const { messageTypes } = useReferenceData();
  const [localFilters, setLocalFilters] = useState<Omit<MessageFilters, 'approvalUid'>>(noFilters);
  const [scrollRequest, setScrollRequest] = useState(0);
  const filters: MessageFilters = { ...localFilters, approvalUid: approvalFilterUid };
  const entries = useMemo(
    () => filterTimeline(data.entries, { ...localFilters, approvalUid: approvalFilterUid }),
    [data.entries, localFilters, approvalFilterUid],
  );

  const handleFiltersChange = (next: MessageFilters) => {
    const { approvalUid, ...rest } = next;
    setLocalFilters(rest);
    if (approvalUid !== approvalFilterUid) onApprovalFilterChange(approvalUid);
    setScrollRequest((count) => count + 1);
  };
  const handleSent = async () => {
    await data.reloadMessages();
    setScrollRequest((count) => count + 1);
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 3 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            Filters
          </Typography>
          <MessageFilterFields
            filters={filters}
            onChange={handleFiltersChange}
            isCaseFixed={false}
            cases={collection.cases}
            approvals={collection.approvals}
            messageTypes={messageTypes}
            approvalLabel={data.labels.approvalLabel}
          />
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 9 }}>
        <Stack spacing={2}>
          <MessageComposer
            collection={collection}
            fixedCase={null}
            authorReference={authorReference}
            initialTypeCode={initialTypeCode}
            initialApprovalUid={approvalFilterUid}
            uploadAttachments={uploadAttachments}
            onSent={handleSent}
          />
          {approvalFilterUid !== null && (
            <ApprovalFilterAlert
              label={data.labels.approvalLabel(approvalFilterUid)}
              onDismiss={() => handleFiltersChange({ ...filters, approvalUid: null })}
            />
          )}
          <MessagesPane
            collectionUid={collection.uid}
            data={data}
            entries={entries}
            highlightUid={highlightUid}
            scrollRequest={scrollRequest}
            renderAttachments={renderAttachments}
            canMarkRead={canMarkRead}
          />
        </Stack>
      </Grid>
    </Grid>
  );
};
