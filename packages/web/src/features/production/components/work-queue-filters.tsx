import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Branch, WorkQueue } from '@lab/domain';

export type QueueFilterPatch = {
  branch?: number | null;
  delegate?: number | 'none' | null;
  status?: number | null;
};

type WorkQueueFiltersProps = {
  filters: WorkQueue['filters'] | undefined;
  branches: readonly Branch[];
  branchId: number | null;
  delegate: number | 'none' | null;
  status: number | null;
  onChange: (patch: QueueFilterPatch) => void;
};

const all = 'all';

/** Branch, delegate (or Awaiting Delegation) and status, with how many cases each choice holds. */
export const WorkQueueFilters = ({
  filters,
  branches,
  branchId,
  delegate,
  status,
  onChange,
}: WorkQueueFiltersProps) => {
  const delegateValue = delegate === null ? all : String(delegate);
  const statusValue = status === null ? all : String(status);
  // A filter value the queue no longer holds still shows (with no count) until it is cleared.
  const hasDelegate =
    delegate === null || delegate === 'none' || (filters?.delegates.some((d) => d.id === delegate) ?? false);
  const hasStatus = status === null || (filters?.statuses.some((s) => s.id === status) ?? false);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      {branches.length > 0 && branchId !== null && (
        <TextField
          select
          size="small"
          label="Branch"
          value={String(branchId)}
          onChange={(event) => onChange({ branch: Number(event.target.value) })}
          sx={{ minWidth: 160 }}
        >
          {branches.map((branch) => (
            <MenuItem key={branch.id} value={String(branch.id)}>
              {branch.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label="Delegate"
        value={delegateValue}
        onChange={(event) => {
          const value = event.target.value;
          onChange({ delegate: value === all ? null : value === 'none' ? 'none' : Number(value) });
        }}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value={all}>Everyone</MenuItem>
        <MenuItem value="none">Awaiting Delegation ({filters?.undelegated_count ?? 0})</MenuItem>
        {filters?.delegates.map((choice) => (
          <MenuItem key={choice.id} value={String(choice.id)}>
            {choice.name} ({choice.count})
          </MenuItem>
        ))}
        {!hasDelegate && <MenuItem value={delegateValue}>Employee {delegateValue}</MenuItem>}
      </TextField>
      <TextField
        select
        size="small"
        label="Status"
        value={statusValue}
        onChange={(event) => {
          const value = event.target.value;
          onChange({ status: value === all ? null : Number(value) });
        }}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value={all}>All statuses</MenuItem>
        {filters?.statuses.map((choice) => (
          <MenuItem key={choice.id} value={String(choice.id)}>
            {choice.name} ({choice.count})
          </MenuItem>
        ))}
        {!hasStatus && <MenuItem value={statusValue}>Status {statusValue}</MenuItem>}
      </TextField>
    </Stack>
  );
};
