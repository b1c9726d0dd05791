import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import type { GaugeStockRow } from '@lab/domain';
import { BranchSelect, useBranchInAddress } from '../../../components/branch-select';
import { usePermissionRefusal } from '../../me/hooks/use-permission';
import { useBranches } from '../../reference/api/get-branches';
import { useGaugeStock } from '../api/stock-api';
import { ReceiveDialog } from './receive-dialog';
import { WriteOffDialog } from './write-off-dialog';

// Gauge MRP's stock (issue 31): every part at the branch with what is on the shelf, what open cases hold
// back from it, what is left to promise and its reorder point, its latest lot; the warehouse receives
// deliveries and writes parts off from here. Everyone else reads (the buttons say why they are off).

type Change = { kind: 'receive' | 'writeOff'; part: GaugeStockRow } | null;

const matches = (part: GaugeStockRow, words: string) =>
  words === '' || `${part.code} ${part.name} ${part.kind}`.toLowerCase().includes(words);

const Available = ({ part }: { part: GaugeStockRow }) => {
  const colour = part.available <= 0 ? 'error' : part.is_at_reorder_point ? 'warning' : 'default';
  return (
    <Chip
      size="small"
      color={colour}
      variant={colour === 'default' ? 'outlined' : 'filled'}
      label={part.available}
    />
  );
};

const LatestLot = ({ part }: { part: GaugeStockRow }) => {
  const [lot] = part.lots;
  if (!lot) return <>—</>;
  return (
    <>
      <Typography variant="body2">{lot.lot}</Typography>
      {lot.expires_on && (
        <Typography variant="caption" color="text.secondary">
          expires {lot.expires_on}
        </Typography>
      )}
    </>
  );
};

export const StockView = () => {
  const [branchId, chooseBranch] = useBranchInAddress();
  const { data: stock } = useGaugeStock(branchId);
  const { data: branches = [] } = useBranches();
  const refusal = usePermissionRefusal('stock');
  const [filter, setFilter] = useState('');
  const words = useDeferredValue(filter.trim().toLowerCase());
  const [change, setChange] = useState<Change>(null);
  const chosen = branchId ?? stock?.branch.id ?? null;
  const parts = (stock?.parts ?? []).filter((part) => matches(part, words));
  const reorder = (stock?.parts ?? []).filter(
    (part) => part.is_at_reorder_point || part.available <= 0,
  ).length;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Gauge MRP · Stock
        </Typography>
        <TextField
          size="small"
          label="Find a part"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        <BranchSelect value={chosen} branches={branches} onChange={chooseBranch} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Available is on hand less what open cases hold back (their implants’ screws and ti-bases and their
        parts, or their picking slip while it waits). {reorder} part{reorder === 1 ? '' : 's'} at or under the
        reorder point or out.
      </Typography>
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Stock">
          <TableHead>
            <TableRow>
              <TableCell>Code</TableCell>
              <TableCell>Part</TableCell>
              <TableCell>Shelf</TableCell>
              <TableCell align="right">On hand</TableCell>
              <TableCell align="right">Reserved</TableCell>
              <TableCell align="right">Available</TableCell>
              <TableCell align="right">Reorder at</TableCell>
              <TableCell>Latest lot</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {parts.map((part) => (
              <TableRow key={part.component_id} hover data-code={part.code}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{part.code}</TableCell>
                <TableCell>
                  <Typography variant="body2">{part.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {part.kind}
                  </Typography>
                </TableCell>
                <TableCell>{part.location ?? '—'}</TableCell>
                <TableCell align="right">{part.on_hand}</TableCell>
                <TableCell align="right">{part.reserved}</TableCell>
                <TableCell align="right">
                  <Available part={part} />
                </TableCell>
                <TableCell align="right">{part.reorder_point ?? '—'}</TableCell>
                <TableCell>
                  <LatestLot part={part} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <span title={refusal ?? ''}>
                    <Button
                      size="small"
                      disabled={refusal !== null}
                      onClick={() => setChange({ kind: 'receive', part })}
                    >
                      Receive
                    </Button>
                    <Button
                      size="small"
                      color="warning"
                      disabled={refusal !== null}
                      onClick={() => setChange({ kind: 'writeOff', part })}
                    >
                      Write off
                    </Button>
                  </span>
                </TableCell>
              </TableRow>
            ))}
            {stock && parts.length === 0 && (
              <TableRow>
                <TableCell colSpan={9}>
                  <Typography color="text.secondary">No part matches “{filter}”.</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {change && chosen !== null && change.kind === 'receive' && (
        <ReceiveDialog part={change.part} branchId={chosen} onClose={() => setChange(null)} />
      )}
      {change && chosen !== null && change.kind === 'writeOff' && (
        <WriteOffDialog part={change.part} branchId={chosen} onClose={() => setChange(null)} />
      )}
    </Stack>
  );
};
