import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import PrintIcon from '@mui/icons-material/Print';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import {
  caseChecklistSchema,
  caseDialogTexts,
  checklistMessages,
  isChecklistItemOpen,
  type Collection,
  type CollectionCase,
  type Status,
} from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { useFinishingStatusChange } from '../api/post-finishing-action';
import { listFinishingStatuses, listGroupCasesToDispatch } from '../case-header-rules';
import type { ToolbarFeatureDialogs } from './case-toolbar-actions';

type FinishingStatusSelectorProps = {
  collection: Collection;
  caseItem: CollectionCase;
  /** The Print Options dialog (features/printing, composed by the page): packing slip and labels. */
  renderPrint?: ToolbarFeatureDialogs['renderPrint'] | undefined;
};

// The checklist call of the cases that would move: features never import each other, so this reads GET
// api/v2/checklists/{caseUid}/ under the key features/checklists caches it (one cache, one refresh).
const checklistQuery = (collectionUid: string, caseUid: string, isEnabled: boolean) => ({
  queryKey: [...collectionQueryKey(collectionUid), 'checklist', caseUid],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get(`/api/v2/checklists/${encodeURIComponent(caseUid)}/`, caseChecklistSchema, signal),
  enabled: isEnabled,
});

/** Each open mandatory item of the cases ('case key item' when several cases move). */
const useOpenMandatoryItems = (
  collectionUid: string,
  cases: readonly CollectionCase[],
  isEnabled: boolean,
) => {
  const withItems = cases.filter((caseItem) => caseItem.checklist_items.length > 0);
  const queries = useQueries({
    queries: withItems.map((caseItem) => checklistQuery(collectionUid, caseItem.uid, isEnabled)),
  });
  return queries.flatMap((query) =>
    (query.data?.checklist ?? [])
      .filter((item) => item.mandatory && isChecklistItemOpen(item))
      .map((item) => ({
        key: `${query.data?.case_mkey}:${item.id}`,
        text: cases.length > 1 ? `${query.data?.case_mkey} ${item.name}` : item.name,
      })),
  );
};

/**
 * Polishing's status selector: saves at once; Ready for Dispatch asks first and takes the group along.
 * The confirmation lists the mandatory checklist items still open (the server refuses the move until
 * they are ticked) and shows the server's answer when it refuses.
 */
export const FinishingStatusSelector = ({
  collection,
  caseItem,
  renderPrint,
}: FinishingStatusSelectorProps) => {
  const { statuses } = useReferenceData();
  const [isPrintOpen, setIsPrintOpen] = useState(false);
  const change = useFinishingStatusChange(collection.uid);
  const [pendingDispatch, setPendingDispatch] = useState<Status | null>(null);
  const options = listFinishingStatuses(statuses);
  const groupCases = listGroupCasesToDispatch(collection.cases, caseItem);
  const isCurrentOffered = options.some((status) => status.id === caseItem.status_id);
  const openMandatory = useOpenMandatoryItems(
    collection.uid,
    [caseItem, ...groupCases],
    pendingDispatch !== null,
  );

  // A refused Ready for Dispatch keeps its dialog open with the server's reason.
  const save = (status: Status) =>
    change.mutate(
      {
        caseId: caseItem.case_id,
        statusId: status.id,
        isGrouped: status.dispatch_ready && groupCases.length > 0,
      },
      { onSuccess: () => setPendingDispatch(null) },
    );

  const handleCancelDispatch = () => {
    change.reset();
    setPendingDispatch(null);
  };

  const handleChange = (value: string) => {
    const status = options.find((item) => String(item.id) === value);
    if (!status) return;
    if (status.dispatch_ready) setPendingDispatch(status);
    else save(status);
  };

  return (
    <>
      <TextField
        select
        size="small"
        label="Finishing status"
        value={isCurrentOffered ? String(caseItem.status_id) : ''}
        onChange={(event) => handleChange(event.target.value)}
        disabled={change.isPending}
        sx={{ minWidth: 200, bgcolor: 'background.paper', borderRadius: 1 }}
      >
        {options.map((status) => (
          <MenuItem key={status.id} value={String(status.id)}>
            {status.name}
          </MenuItem>
        ))}
      </TextField>
      {change.error && pendingDispatch === null && (
        <Alert severity="error" sx={{ py: 0 }}>
          {change.error.message}
        </Alert>
      )}
      <ConfirmDialog
        isOpen={pendingDispatch !== null}
        title={pendingDispatch?.name ?? ''}
        isBusy={change.isPending}
        message={
          <>
            <p>{caseDialogTexts.readyForDispatch}</p>
            {groupCases.length > 0 && (
              <>
                <p>{caseDialogTexts.readyForDispatchGroup}</p>
                <ul>
                  {groupCases.map((other) => (
                    <li key={other.uid}>
                      {other.case_mkey} {other.job_type} ({other.status})
                    </li>
                  ))}
                </ul>
                <p>
                  <strong>{caseDialogTexts.checkComponentsPresent}</strong>
                </p>
              </>
            )}
            {openMandatory.length > 0 && (
              <Alert severity="warning" component="div" aria-label="Open mandatory checklist items">
                {checklistMessages.openMandatoryHeading}
                <ul>
                  {openMandatory.map((item) => (
                    <li key={item.key}>{item.text}</li>
                  ))}
                </ul>
              </Alert>
            )}
            {change.error && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {change.error.message}
              </Alert>
            )}
            {renderPrint && (
              <Button
                size="small"
                startIcon={<PrintIcon />}
                sx={{ mt: 1 }}
                onClick={() => setIsPrintOpen(true)}
              >
                Print packing slip or labels
              </Button>
            )}
          </>
        }
        onConfirm={() => pendingDispatch && save(pendingDispatch)}
        onCancel={handleCancelDispatch}
      />
      {renderPrint?.(isPrintOpen, () => setIsPrintOpen(false), 'packing_slip')}
    </>
  );
};
