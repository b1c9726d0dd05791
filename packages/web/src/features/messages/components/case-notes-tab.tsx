import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import type { Collection, CollectionCase } from '@lab/domain';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import type { UploadAttachments } from '../attachment-upload';
import { useMessageTimeline } from '../hooks/use-message-timeline';
import { filterTimeline, type MessageFilters } from '../message-filters';
import { ApprovalFilterAlert } from './approval-filter-alert';
import type { RenderAttachments } from './message-bubble';
import { MessageComposer } from './message-composer';
import { MessageFilterFields } from './message-filter-fields';
import { MessagesPane } from './messages-pane';

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
  const data = useMessageTimeline(collection, { showsCase: false });
  const { messageTypes } = useReferenceData();
  const [messageType, setMessageType] = useState<string | null>(null);
  const [scrollRequest, setScrollRequest] = useState(0);
  const filters: MessageFilters = {
    text: '',
    caseUid: caseItem.uid,
    messageType,
    approvalUid: approvalFilterUid,
  };
  const entries = useMemo(
    () =>
      filterTimeline(data.entries, {
        text: '',
        caseUid: caseItem.uid,
        messageType,
        approvalUid: approvalFilterUid,
      }),
    [data.entries, caseItem.uid, messageType, approvalFilterUid],
  );
  const approvals = collection.approvals.filter((approval) => approval.case_uid === caseItem.uid);

  const handleFiltersChange = (next: MessageFilters) => {
    setMessageType(next.messageType);
    if (next.approvalUid !== approvalFilterUid) onApprovalFilterChange(next.approvalUid);
    setScrollRequest((count) => count + 1);
  };
  const handleSent = async () => {
    await data.reloadMessages();
    setScrollRequest((count) => count + 1);
  };

  return (
    <Stack spacing={2}>
      <MessageComposer
        collection={collection}
        fixedCase={caseItem}
        authorReference={authorReference}
        initialTypeCode={null}
        uploadAttachments={uploadAttachments}
        onSent={handleSent}
      />
      <MessageFilterFields
        filters={filters}
        onChange={handleFiltersChange}
        isCaseFixed
        cases={collection.cases}
        approvals={approvals}
        messageTypes={messageTypes}
        approvalLabel={data.labels.approvalLabel}
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
        highlightUid={null}
        scrollRequest={scrollRequest}
        renderAttachments={renderAttachments}
        canMarkRead={canMarkRead}
      />
    </Stack>
  );
};
