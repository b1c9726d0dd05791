import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { shortageWindowBusinessDays } from '@lab/domain';
import { BranchSelect, useBranchInAddress } from '../../../components/branch-select';
import { formatDateTime } from '../../../components/date-time-format';
import { collectionPageUrl } from '../../../lib/navigation';
import { useBranches } from '../../reference/api/get-branches';
import { useShortages } from '../api/stock-api';

// Shortages (issue 31): the branch's stock given to its open cases by due time, most urgent first; the
// parts the cases due in the next ten business days will lack, and which cases, so the warehouse orders
// (or moves stock between branches) before a case stops.

export const ShortagesView = () => {
  const [branchId, chooseBranch] = useBranchInAddress();
  const { data: shortages } = useShortages(branchId);
  const { data: branches = [] } = useBranches();
  const chosen = branchId ?? shortages?.branch.id ?? null;
  const rows = (shortages?.parts ?? []).flatMap((part) =>
    part.cases.map((item, index) => ({ part, item, isFirst: index === 0 })),
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Gauge MRP · Shortages
        </Typography>
        <BranchSelect value={chosen} branches={branches} onChange={chooseBranch} />
      </Stack>
      {shortages && (
        <Typography variant="body2" color="text.secondary" role="status">
          {shortages.parts.length === 0
            ? `Stock covers every case due in the next ${shortageWindowBusinessDays} business days.`
            : `${shortages.parts.length} part${shortages.parts.length === 1 ? '' : 's'} short for cases due by ${formatDateTime(shortages.window_end)} (${shortageWindowBusinessDays} business days); stock goes to the most urgent cases first.`}
        </Typography>
      )}
      {rows.length > 0 && (
        <TableContainer component={Paper}>
          <Table size="small" aria-label="Shortages">
            <TableHead>
              <TableRow>
                <TableCell>Part</TableCell>
                <TableCell align="right">On hand</TableCell>
                <TableCell align="right">Short</TableCell>
                <TableCell>Case</TableCell>
                <TableCell>Patient</TableCell>
                <TableCell>Client</TableCell>
                <TableCell>Due</TableCell>
                <TableCell align="right">Lacks</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ part, item, isFirst }) => (
                <TableRow
                  key={`${part.component_id}-${item.case_uid}`}
                  data-code={part.code}
                  data-case={item.case_mkey}
                >
                  <TableCell sx={{ fontFamily: 'monospace' }}>{isFirst ? part.code : ''}</TableCell>
                  <TableCell align="right">{isFirst ? part.on_hand : ''}</TableCell>
                  <TableCell align="right">{isFirst ? part.short : ''}</TableCell>
                  <TableCell>
                    <Link
                      href={collectionPageUrl({ uid: item.collection_uid, cuid: item.case_uid })}
                      target="_blank"
                      rel="noopener"
                    >
                      {item.case_mkey}
                    </Link>
                  </TableCell>
                  <TableCell>{item.patient_reference}</TableCell>
                  <TableCell>{item.client_name}</TableCell>
                  <TableCell>
                    {item.due ? <time dateTime={item.due}>{formatDateTime(item.due)}</time> : '—'}
                  </TableCell>
                  <TableCell align="right">{item.short}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
};
