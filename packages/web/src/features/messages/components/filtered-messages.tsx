import type { FilteredTimeline } from '../hooks/use-filtered-timeline';
import { ApprovalFilterAlert } from './approval-filter-alert';
import type { RenderAttachments } from './message-bubble';
import { MessagesPane } from './messages-pane';

type FilteredMessagesProps = {
  collectionUid: string;
  timeline: FilteredTimeline;
  highlightUid: string | null;
  renderAttachments: RenderAttachments;
  canMarkRead: boolean;
};

/** The approval filter's alert (dismissing it clears the filter) above the filtered timeline. */
export const FilteredMessages = ({
  collectionUid,
  timeline,
  highlightUid,
  renderAttachments,
  canMarkRead,
}: FilteredMessagesProps) => {
  const { data, filters, entries, scrollRequest, changeFilters } = timeline;
  return (
    <>
      {filters.approvalUid !== null && (
        <ApprovalFilterAlert
          label={data.labels.approvalLabel(filters.approvalUid)}
          onDismiss={() => changeFilters({ ...filters, approvalUid: null })}
        />
      )}
      <MessagesPane
        collectionUid={collectionUid}
        data={data}
        entries={entries}
        highlightUid={highlightUid}
        scrollRequest={scrollRequest}
        renderAttachments={renderAttachments}
        canMarkRead={canMarkRead}
      />
    </>
  );
};
