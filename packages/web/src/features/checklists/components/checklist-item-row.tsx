import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ChecklistItem, Department } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { useChecklistItemRefusal } from '../../me/hooks/use-permission';
import { checkboxStates } from '../checklist-rules';

export type CheckedState = 'done' | 'not_required';

type ChecklistItemRowProps = {
  item: ChecklistItem;
  /** The case key, when the list mixes cases (the aggregated view). */
  caseMkey?: string;
  isBusy: boolean;
  onCheck: (state: CheckedState) => void;
  /** Unticking asks first: the card shows the confirmation. */
  onUncheck: () => void;
};

/** One QC step: Done and Not Required (never both), who ticked it and when. */
export const ChecklistItemRow = ({ item, caseMkey, isBusy, onCheck, onUncheck }: ChecklistItemRowProps) => {
  const states = checkboxStates(item);
  // Each department ticks its own items (the server refuses the rest with the same reason).
  const refusal = useChecklistItemRefusal(item.department as Department);
  const handleToggle = (state: CheckedState, isChecked: boolean) => {
    if (isChecked) onUncheck();
    else onCheck(state);
  };
  return (
    <TableRow aria-label={item.name}>
      {caseMkey !== undefined && <TableCell>{caseMkey}</TableCell>}
      <TableCell>
        <Typography variant="body2" component="span">
          {item.name}
        </Typography>
        {item.mandatory && (
          <Chip label="Mandatory" size="small" color="warning" variant="outlined" sx={{ ml: 1 }} />
        )}
        {refusal && (
          <Typography variant="caption" color="text.secondary" component="div">
            {refusal}
          </Typography>
        )}
      </TableCell>
      <TableCell>{item.department}</TableCell>
      <TableCell padding="checkbox" align="center">
        <Checkbox
          checked={states.done.isChecked}
          disabled={states.done.isDisabled || isBusy || refusal !== null}
          onChange={() => handleToggle('done', states.done.isChecked)}
          slotProps={{ input: { 'aria-label': `Done: ${item.name}`, title: refusal ?? undefined } }}
        />
      </TableCell>
      <TableCell padding="checkbox" align="center">
        <Checkbox
          checked={states.notRequired.isChecked}
          disabled={states.notRequired.isDisabled || isBusy || refusal !== null}
          onChange={() => handleToggle('not_required', states.notRequired.isChecked)}
          slotProps={{ input: { 'aria-label': `Not Required: ${item.name}`, title: refusal ?? undefined } }}
        />
      </TableCell>
      <TableCell>
        {item.checked_at && (
          <Typography variant="caption" color="text.secondary">
            {item.checked_by_name ?? '—'}, <DateTimeText iso={item.checked_at} />
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
};
