import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Collection } from '@lab/domain';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import type { UploadAttachments } from '../attachment-upload';
import { useFilteredTimeline } from '../hooks/use-filtered-timeline';
import { useIsAfterFirstPaint } from '../hooks/use-is-after-first-paint';
import { FilteredMessages } from './filtered-messages';
import type { RenderAttachments } from './message-bubble';
import { MessageComposer } from './message-composer';
import { MessageFilterFields } from './message-filter-fields';

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

// The forms come a frame after the timeline (issue 15: the newest message within 300 ms of the click;
// mounting their MUI fields took about a third of it). Until then their space is kept, measured in
// Chromium, so the timeline does not move: four small fields and their gaps; the composer with its
// first type's selectors in one row (md and up) or stacked (xs, one selector).
const filterFieldsHeight = 4 * 40 + 3 * 16;
const composerHeight = { xs: 301, md: 245 };

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
  const { messageTypes } = useReferenceData();
  const timeline = useFilteredTimeline(collection, {
    fixedCaseUid: null,
    approvalFilterUid,
    onApprovalFilterChange,
  });
  const isFormShown = useIsAfterFirstPaint();

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 3 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            Filters
          </Typography>
          {isFormShown ? (
            <MessageFilterFields
              filters={timeline.filters}
              onChange={timeline.changeFilters}
              isCaseFixed={false}
              cases={collection.cases}
              approvals={collection.approvals}
              messageTypes={messageTypes}
              approvalLabel={timeline.data.labels.approvalLabel}
            />
          ) : (
            <Box sx={{ height: filterFieldsHeight }} />
          )}
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 9 }}>
        <Stack spacing={2}>
          {isFormShown ? (
            <MessageComposer
              collection={collection}
              fixedCase={null}
              authorReference={authorReference}
              initialTypeCode={initialTypeCode}
              initialApprovalUid={approvalFilterUid}
              uploadAttachments={uploadAttachments}
              onSent={timeline.handleSent}
            />
          ) : (
            <Paper variant="outlined" sx={{ height: composerHeight }} />
          )}
          <FilteredMessages
            collectionUid={collection.uid}
            timeline={timeline}
            highlightUid={highlightUid}
            renderAttachments={renderAttachments}
            canMarkRead={canMarkRead}
          />
        </Stack>
      </Grid>
    </Grid>
  );
};
