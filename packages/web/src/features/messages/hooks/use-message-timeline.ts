import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { messageLoadErrors, type Collection } from '@lab/domain';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { useCommunications } from '../api/get-communications';
import { messagesQueryKey, useMessages } from '../api/get-messages';
import type { TimelineLabels } from '../components/message-timeline';
import { approvalChoiceLabel, caseChoiceLabel } from '../message-filters';
import { buildTimeline, type TimelineEntry } from '../timeline';

export type MessageTimelineData = {
  entries: TimelineEntry[];
  isLoading: boolean;
  loadError: string | null;
  labels: TimelineLabels;
  /** Loads the messages again and resolves once they are in. */
  reloadMessages: () => Promise<void>;
};

/**
 * The collection's messages (with the shipping client's notes), its approval requests and its
 * communications as one timeline, with the names the rows show.
 */
export const useMessageTimeline = (
  collection: Collection,
  options: { showsCase: boolean },
): MessageTimelineData => {
  const queryClient = useQueryClient();
  const clientUid = collection.shipping_client.uid;
  const messages = useMessages(collection.uid, clientUid);
  const communications = useCommunications(collection.uid);
  const { messageTypes, approvalTypes } = useReferenceData();

  const entries = useMemo(
    () =>
      buildTimeline({
        messages: messages.data ?? [],
        approvals: collection.approvals,
        communications: communications.data ?? [],
      }),
    [messages.data, collection.approvals, communications.data],
  );

  const { showsCase } = options;
  const labels = useMemo((): TimelineLabels => {
    const typeNames = new Map(messageTypes.map((type) => [type.code, type.name]));
    const approvalTypeNames = new Map(approvalTypes.map((type) => [type.code, type.name]));
    const cases = new Map(collection.cases.map((item) => [item.uid, item]));
    const approvals = new Map(collection.approvals.map((approval) => [approval.uid, approval]));
    return {
      messageTypeName: (code) => typeNames.get(code) ?? code,
      caseLabel: (caseUid) => {
        const caseItem = showsCase && caseUid ? cases.get(caseUid) : undefined;
        return caseItem ? caseChoiceLabel(caseItem) : null;
      },
      approvalLabel: (approvalUid) => {
        const approval = approvals.get(approvalUid);
        return approval ? approvalChoiceLabel(approval, collection.cases, approvalTypeNames) : approvalUid;
      },
    };
  }, [messageTypes, approvalTypes, collection.cases, collection.approvals, showsCase]);

  const reloadMessages = useCallback(
    () => queryClient.invalidateQueries({ queryKey: messagesQueryKey(collection.uid, clientUid) }),
    [queryClient, collection.uid, clientUid],
  );

  return {
    entries,
    isLoading: messages.isLoading,
    loadError: messages.isError ? messageLoadErrors.messages : null,
    labels,
    reloadMessages,
  };
};
