import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { pickLotGroups, type PickingSlip } from '@lab/domain';
import { usePermissionRefusal } from '../../me/hooks/use-permission';
import { usePickSlip } from '../api/pick-slip';

// The warehouse marks a waiting slip picked, with the lot on the box of each kind of part (Screws, Ti-Bases,
// …): lots by group, as the recall places them on the slip's lines. The parts leave the branch's stock.

const groupOf = (type: string) => pickLotGroups[type] ?? type;

export const PickSlipForm = ({ slip, collectionUid }: { slip: PickingSlip; collectionUid: string }) => {
  const groups = [...new Set(slip.pick_items.map((item) => groupOf(item.type)))];
  const [lots, setLots] = useState<Record<string, string>>({});
  const refusal = usePermissionRefusal('stock');
  const pick = usePickSlip(collectionUid);
  const submit = () => {
    const given: Record<string, string[]> = {};
    for (const [group, lot] of Object.entries(lots)) if (lot.trim()) given[group] = [lot.trim()];
    pick.mutate({ slipId: slip.id, body: { lot_numbers: Object.keys(given).length > 0 ? given : null } });
  };

  return (
    <Stack
      spacing={1}
      component="form"
      aria-label={`Pick slip ${slip.id}`}
      onSubmit={(event) => event.preventDefault()}
    >
      {groups.map((group) => (
        <TextField
          key={group}
          size="small"
          label={`${group} lot`}
          value={lots[group] ?? ''}
          onChange={(event) => setLots({ ...lots, [group]: event.target.value })}
          disabled={refusal !== null}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
      ))}
      {pick.error && <Alert severity="error">{pick.error.message}</Alert>}
      <span title={refusal ?? ''}>
        <Button
          size="small"
          variant="outlined"
          onClick={submit}
          disabled={refusal !== null || pick.isPending}
        >
          Mark picked
        </Button>
      </span>
    </Stack>
  );
};
