import { memo } from 'react';
import type { Message } from '@lab/domain';
import type { TimelineEntry } from '../timeline';
import { ApprovalEventCard } from './approval-event-card';
import { CommunicationCard } from './communication-card';
import { MessageBubble, type RenderAttachments } from './message-bubble';
import type { TimelineLabels, WatchRead } from './timeline-types';

type TimelineRowProps = {
  entry: TimelineEntry;
  labels: TimelineLabels;
  isHighlighted: boolean;
  renderAttachments: RenderAttachments;
  onAttachmentsChanged: () => void;
  onResolve: (message: Message) => void;
  watchRead: WatchRead;
};

/**
 * One entry of the timeline. Memoised: the virtualiser renders the list again each time it measures rows
 * or scrolls (three times as the view opens), and only a row whose entry changed needs to render again.
 */
export const TimelineRow = memo(function TimelineRow({
  entry,
  labels,
  isHighlighted,
  renderAttachments,
  onAttachmentsChanged,
  onResolve,
  watchRead,
}: TimelineRowProps) {
  switch (entry.kind) {
    case 'message':
      return (
        <MessageBubble
          message={entry.message}
          typeName={labels.messageTypeName(entry.message.message_type)}
          caseLabel={labels.caseLabel(entry.message.case_uid)}
          isHighlighted={isHighlighted}
          renderAttachments={renderAttachments}
          onAttachmentsChanged={onAttachmentsChanged}
          onResolve={onResolve}
          readRef={watchRead(!entry.message.message_seen)}
        />
      );
    case 'approval':
      return <ApprovalEventCard approval={entry.approval} label={labels.approvalLabel(entry.approval.uid)} />;
    case 'communication':
      return <CommunicationCard communication={entry.communication} />;
  }
});
