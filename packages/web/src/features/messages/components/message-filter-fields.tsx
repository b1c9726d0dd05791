import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CollectionApproval, CollectionCase, MessageType } from '@lab/domain';
import { caseChoiceLabel, type MessageFilters } from '../message-filters';

export type MessageFilterFieldsProps = {
  filters: MessageFilters;
  onChange: (filters: MessageFilters) => void;
  /** The Notes tab: the case is fixed, so only the approval and message type filters show. */
  isCaseFixed: boolean;
  cases: readonly CollectionCase[];
  approvals: readonly CollectionApproval[];
  messageTypes: readonly MessageType[];
  approvalLabel: (approvalUid: string) => string;
};

const all = <em>All</em>;

/** The filter column of the Notes & Messages view, or the Notes tab's row of two filters. */
export const MessageFilterFields = ({
  filters,
  onChange,
  isCaseFixed,
  cases,
  approvals,
  messageTypes,
  approvalLabel,
}: MessageFilterFieldsProps) => {
  const selectProps = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;
  return (
    <Stack
      direction={isCaseFixed ? { xs: 'column', sm: 'row' } : 'column'}
      spacing={2}
      component="section"
      aria-label="Message filters"
    >
      {!isCaseFixed && (
        <TextField
          size="small"
          label="Search"
          placeholder="Author, recipient or note"
          value={filters.text}
          onChange={(event) => onChange({ ...filters, text: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
      {!isCaseFixed && (
        <TextField
          select
          size="small"
          label="Job Type"
          value={filters.caseUid ?? ''}
          onChange={(event) => onChange({ ...filters, caseUid: event.target.value || null })}
          slotProps={selectProps}
        >
          <MenuItem value="">{all}</MenuItem>
          {cases.map((item) => (
            <MenuItem key={item.uid} value={item.uid}>
              {caseChoiceLabel(item)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label="Message Type"
        value={filters.messageType ?? ''}
        onChange={(event) => onChange({ ...filters, messageType: event.target.value || null })}
        slotProps={selectProps}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">{all}</MenuItem>
        {messageTypes.map((type) => (
          <MenuItem key={type.code} value={type.code}>
            {type.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Approval"
        value={approvals.some((approval) => approval.uid === filters.approvalUid) ? filters.approvalUid : ''}
        onChange={(event) => onChange({ ...filters, approvalUid: event.target.value || null })}
        slotProps={selectProps}
        sx={{ minWidth: 240 }}
      >
        <MenuItem value="">{all}</MenuItem>
        {approvals.map((approval) => (
          <MenuItem key={approval.uid} value={approval.uid}>
            {approvalLabel(approval.uid)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
};
