import Stack from '@mui/material/Stack';
import type { Collection, CollectionCase } from '@lab/domain';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import type { UploadAttachments } from '../attachment-upload';
import { useFilteredTimeline } from '../hooks/use-filtered-timeline';
import { FilteredMessages } from './filtered-messages';
import type { RenderAttachments } from './message-bubble';
import { MessageComposer } from './message-composer';
import { MessageFilterFields } from './message-filter-fields';

export type CaseNotesTabProps = {
  collection: Collection;
  caseItem: CollectionCase;
  /** The signed-in user's username (the message author). */
  authorReference: string;
  /** An approval request of this case whose messages show (from the Approval tab or the URL). */
  approvalFilterUid: string | null;
  onApprovalFilterChange: (approvalUid: string | null) => void;
  renderAttachments: RenderAttachments;
  uploadAttachments: UploadAttachments;
  canMarkRead?: boolean;
};

/**
 * The case drawer's Notes tab (case-workspace §2): the composer with the case fixed above the case's
 * timeline, filterable by approval and message type.
 */
export const CaseNotesTab = ({
  collection,
  caseItem,
  authorReference,
  approvalFilterUid,
  onApprovalFilterChange,
  renderAttachments,
  uploadAttachments,
  canMarkRead = true,
}: CaseNotesTabProps) => {
  const { messageTypes } = useReferenceData();
  const timeline = useFilteredTimeline(collection, {
    fixedCaseUid: caseItem.uid,
    approvalFilterUid,
    onApprovalFilterChange,
  });
  const approvals = collection.approvals.filter((approval) => approval.case_uid === caseItem.uid);

  return (
    <Stack spacing={2}>
      <MessageComposer
        collection={collection}
        fixedCase={caseItem}
        authorReference={authorReference}
        initialTypeCode={null}
        uploadAttachments={uploadAttachments}
        onSent={timeline.handleSent}
      />
      <MessageFilterFields
        filters={timeline.filters}
        onChange={timeline.changeFilters}
        isCaseFixed
        cases={collection.cases}
        approvals={approvals}
        messageTypes={messageTypes}
        approvalLabel={timeline.data.labels.approvalLabel}
      />
      <FilteredMessages
        collectionUid={collection.uid}
        timeline={timeline}
        highlightUid={null}
        renderAttachments={renderAttachments}
        canMarkRead={canMarkRead}
      />
    </Stack>
  );
};
