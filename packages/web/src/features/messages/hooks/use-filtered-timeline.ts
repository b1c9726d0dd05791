import { useMemo, useState } from 'react';
import type { Collection } from '@lab/domain';
import { filterTimeline, noFilters, type MessageFilters } from '../message-filters';
import type { TimelineEntry } from '../timeline';
import { useMessageTimeline, type MessageTimelineData } from './use-message-timeline';

export type FilteredTimeline = {
  data: MessageTimelineData;
  filters: MessageFilters;
  /** The entries the filters keep. */
  entries: readonly TimelineEntry[];
  /** Bumped whenever the list should scroll back to its newest entry (a filter changed, a message sent). */
  scrollRequest: number;
  changeFilters: (next: MessageFilters) => void;
  /** After the composer sent: the new message loads and the list scrolls to it. */
  handleSent: () => Promise<void>;
};

/**
 * The timeline both message screens show, with their filters. The approval filter is owned by the caller
 * (a URL parameter in the view, tab state in the drawer); the Notes tab fixes the case.
 */
export const useFilteredTimeline = (
  collection: Collection,
  options: {
    fixedCaseUid: string | null;
    approvalFilterUid: string | null;
    onApprovalFilterChange: (approvalUid: string | null) => void;
  },
): FilteredTimeline => {
  const { fixedCaseUid, approvalFilterUid, onApprovalFilterChange } = options;
  const data = useMessageTimeline(collection, { showsCase: fixedCaseUid === null });
  const [localFilters, setLocalFilters] = useState<Omit<MessageFilters, 'approvalUid'>>(noFilters);
  const [scrollRequest, setScrollRequest] = useState(0);
  const filters = useMemo<MessageFilters>(
    () => ({
      ...localFilters,
      caseUid: fixedCaseUid ?? localFilters.caseUid,
      approvalUid: approvalFilterUid,
    }),
    [localFilters, fixedCaseUid, approvalFilterUid],
  );
  const entries = useMemo(() => filterTimeline(data.entries, filters), [data.entries, filters]);

  const changeFilters = (next: MessageFilters) => {
    const { approvalUid, ...rest } = next;
    setLocalFilters(rest);
    if (approvalUid !== approvalFilterUid) onApprovalFilterChange(approvalUid);
    setScrollRequest((count) => count + 1);
  };
  const handleSent = async () => {
    await data.reloadMessages();
    setScrollRequest((count) => count + 1);
  };
  return { data, filters, entries, scrollRequest, changeFilters, handleSent };
};
