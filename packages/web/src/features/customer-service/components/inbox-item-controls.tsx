import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Employee } from '@lab/domain';
import { collectionPageUrl } from '../../../lib/navigation';
import { useAssignItem, useMarkItemDone } from '../api/inbox-api';

const nobody = 'nobody';

/** Who looks after an item: an active employee, or nobody. */
export const AssigneeSelect = ({
  itemKey,
  assignee,
  employees,
  label,
}: {
  itemKey: string;
  assignee: { id: number; name: string } | null;
  employees: Employee[];
  label: string;
}) => {
  const assign = useAssignItem();
  return (
    <TextField
      select
      size="small"
      hiddenLabel
      variant="filled"
      value={assignee ? String(assignee.id) : nobody}
      disabled={assign.isPending}
      onChange={(event) =>
        assign.mutate({
          key: itemKey,
          assigneeId: event.target.value === nobody ? null : Number(event.target.value),
        })
      }
      sx={{ minWidth: 150 }}
      slotProps={{ htmlInput: { 'aria-label': `Assigned: ${label}` } }}
    >
      <MenuItem value={nobody}>Nobody</MenuItem>
      {employees.map((employee) => (
        <MenuItem key={employee.id} value={String(employee.id)}>
          {employee.name || employee.username}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** Mark the item done where its own event would not end it (no reply needed, the client was told). */
export const DoneButton = ({ itemKey, text, label }: { itemKey: string; text: string; label: string }) => {
  const done = useMarkItemDone();
  return (
    <Button
      size="small"
      disabled={done.isPending}
      onClick={() => done.mutate(itemKey)}
      aria-label={`${text}: ${label}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {text}
    </Button>
  );
};

/** The collection at the right view, in a new tab (the inbox stays open), and a Customer Service note. */
type OpenLinksProps = {
  collectionUid: string;
  caseUid: string | null;
  view: 'messages' | 'approvals' | 'components';
  messageUid?: string;
  approvalUid?: string;
};

export const OpenLinks = ({ collectionUid, caseUid, view, messageUid, approvalUid }: OpenLinksProps) => {
  const base = { uid: collectionUid, ...(caseUid ? { cuid: caseUid } : {}) };
  const open = collectionPageUrl({
    ...base,
    view,
    ...(messageUid ? { muid: messageUid } : {}),
    ...(approvalUid ? { approval: approvalUid } : {}),
  });
  const note = collectionPageUrl({ ...base, view: 'messages', messageTypeCode: 'CUSTOMER_SERVICE_NOTE' });
  return (
    <Stack direction="row" spacing={1.5} sx={{ whiteSpace: 'nowrap' }}>
      <Link href={open} target="_blank" rel="noopener">
        Open
      </Link>
      <Link href={note} target="_blank" rel="noopener">
        Add note
      </Link>
    </Stack>
  );
};

/** An item's links, over the Done button of an item its own event would not end. */
export const ItemActions = ({
  done,
  itemKey,
  label,
  ...links
}: OpenLinksProps & { done: string; itemKey: string; label: string }) => (
  <Stack spacing={0.5}>
    <OpenLinks {...links} />
    <DoneButton itemKey={itemKey} text={done} label={label} />
  </Stack>
);
