import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { checklistItemRefusal, checklistMessages, type Department } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useMe } from '../../me/api/get-me';
import { useCheckItem } from '../api/check-item';
import { useUncheckItem } from '../api/uncheck-item';
import { listEntriesToMarkDone, type ChecklistEntry } from '../checklist-rules';
import { useFiveClicks } from '../hooks/use-five-clicks';
import { ChecklistItemRow, type CheckedState } from './checklist-item-row';

type ChecklistCardProps = {
  collectionUid: string;
  title: string;
  subtitle?: string;
  /** The visible items (the department filter applied), in list order. */
  entries: readonly ChecklistEntry[];
  /** Show each item's case (the aggregated view). */
  isAggregated?: boolean;
  isLoading?: boolean;
  loadError?: string | null;
  headerAction?: ReactNode;
};

/**
 * A quality-control checklist (collection-views §3): its items with Done and Not Required. Unticking asks
 * 'Are you sure you wish to uncheck?'; five rapid clicks on the title mark every open visible item done.
 */
export const ChecklistCard = ({
  collectionUid,
  title,
  subtitle,
  entries,
  isAggregated = false,
  isLoading = false,
  loadError = null,
  headerAction,
}: ChecklistCardProps) => {
  const titleId = useId();
  const { data: me } = useMe();
  const check = useCheckItem(collectionUid);
  const uncheck = useUncheckItem(collectionUid);
  const [pendingUncheck, setPendingUncheck] = useState<ChecklistEntry | null>(null);
  const [isMarkingAll, setIsMarkingAll] = useState(false);
  const error = check.error ?? uncheck.error;

  const busyEntry = (entry: ChecklistEntry): boolean =>
    isMarkingAll ||
    (check.isPending &&
      check.variables.caseUid === entry.caseUid &&
      check.variables.body.item_id === entry.item.id) ||
    (uncheck.isPending &&
      uncheck.variables.caseUid === entry.caseUid &&
      uncheck.variables.itemId === entry.item.id);

  const handleCheck = (entry: ChecklistEntry, state: CheckedState) => {
    uncheck.reset();
    check.mutate({
      caseUid: entry.caseUid,
      body: { item_id: entry.item.id, done: state === 'done', not_required: state === 'not_required' },
    });
  };

  const handleConfirmUncheck = () => {
    if (!pendingUncheck) return;
    check.reset();
    uncheck.mutate(
      { caseUid: pendingUncheck.caseUid, itemId: pendingUncheck.item.id },
      { onSettled: () => setPendingUncheck(null) },
    );
  };

  // One call after the other: each locks the collection, so together they would only queue.
  const { mutateAsync: checkAsync, reset: resetCheck } = check;
  const markAllDone = useCallback(async () => {
    // Only the items this employee may tick: another department's stay open (and say why).
    const open = listEntriesToMarkDone(entries).filter(
      (entry) => !me || checklistItemRefusal(me, entry.item.department as Department) === null,
    );
    if (open.length === 0) return;
    setIsMarkingAll(true);
    resetCheck();
    try {
      for (const entry of open) {
        await checkAsync({
          caseUid: entry.caseUid,
          body: { item_id: entry.item.id, done: true, not_required: false },
        });
      }
    } catch {
      // The mutation keeps the error, and the card shows it.
    } finally {
      setIsMarkingAll(false);
    }
  }, [entries, checkAsync, resetCheck, me]);
  const handleTitleClick = useFiveClicks(
    useCallback(() => {
      void markAllDone();
    }, [markAllDone]),
  );

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Box sx={{ flexGrow: 1 }}>
            {/* The hidden "mark all done" gesture (§4): no affordance on purpose. */}
            <Typography
              id={titleId}
              variant="h6"
              component="h3"
              onClick={handleTitleClick}
              sx={{ userSelect: 'none', display: 'inline-block' }}
            >
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </Box>
          {headerAction}
        </Stack>
        {(isLoading || isMarkingAll) && <LinearProgress aria-label="Saving checklist" sx={{ mb: 1 }} />}
        {loadError && <Alert severity="error">{loadError}</Alert>}
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error.message}
          </Alert>
        )}
        {!isLoading && !loadError && entries.length === 0 ? (
          <Typography color="text.secondary">{checklistMessages.noItemsInDepartment}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                {isAggregated && <TableCell>Case</TableCell>}
                <TableCell>Item</TableCell>
                <TableCell>Department</TableCell>
                <TableCell align="center">Done</TableCell>
                <TableCell align="center">Not Required</TableCell>
                <TableCell>Checked</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => (
                <ChecklistItemRow
                  key={`${entry.caseUid}:${entry.item.id}`}
                  item={entry.item}
                  caseMkey={isAggregated ? entry.caseMkey : undefined}
                  isBusy={busyEntry(entry)}
                  onCheck={(state) => handleCheck(entry, state)}
                  onUncheck={() => setPendingUncheck(entry)}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <ConfirmDialog
        isOpen={pendingUncheck !== null}
        title={pendingUncheck ? pendingUncheck.item.name : ''}
        message={checklistMessages.uncheckConfirm}
        isBusy={uncheck.isPending}
        onConfirm={handleConfirmUncheck}
        onCancel={() => setPendingUncheck(null)}
      />
    </Card>
  );
};
