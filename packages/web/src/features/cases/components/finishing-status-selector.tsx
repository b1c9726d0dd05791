import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { caseDialogTexts, type Collection, type CollectionCase, type Status } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { useFinishingStatusChange } from '../api/post-finishing-action';
import { listFinishingStatuses, listGroupCasesToDispatch } from '../case-header-rules';

type FinishingStatusSelectorProps = { collection: Collection; caseItem: CollectionCase };

/** Polishing's status selector: saves at once; Ready for Dispatch asks first and takes the group along. */
export const FinishingStatusSelector = ({ collection, caseItem }: FinishingStatusSelectorProps) => {
  const { statuses } = useReferenceData();
  const change = useFinishingStatusChange(collection.uid);
  const [pendingDispatch, setPendingDispatch] = useState<Status | null>(null);
  const options = listFinishingStatuses(statuses);
  const groupCases = listGroupCasesToDispatch(collection.cases, caseItem);
  const isCurrentOffered = options.some((status) => status.id === caseItem.status_id);

  const save = (status: Status) =>
    change.mutate(
      {
        caseId: caseItem.case_id,
        statusId: status.id,
        isGrouped: status.dispatch_ready && groupCases.length > 0,
      },
      { onSettled: () => setPendingDispatch(null) },
    );

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
      {change.error && (
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
          </>
        }
        onConfirm={() => pendingDispatch && save(pendingDispatch)}
        onCancel={() => setPendingDispatch(null)}
      />
    </>
  );
};
