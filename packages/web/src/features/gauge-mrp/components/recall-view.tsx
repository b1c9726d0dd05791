import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
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
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { useState } from 'react';
import { recallQuery, type RecallQuery } from '@lab/domain';
import { formatDateTime } from '../../../components/date-time-format';
import { collectionPageUrl } from '../../../lib/navigation';
import { usePermissionRefusal } from '../../me/hooks/use-permission';
import { recallCsvUrl, useRecall } from '../api/recall-api';
import { NotifyRecallDialog } from './notify-recall-dialog';
import { RecallHistory } from './recall-history';

// The recall (issue 31): a manufacturer's safety notice names an article and a lot; this lists every case
// that received it — patient, client, branch, when it left and its implant teeth — with how it is known
// (the lots the warehouse recorded when picking, the material batch recorded on the case), and exports it.

type Draft = { article: string; lot: string };

export const RecallView = () => {
  const [draft, setDraft] = useState<Draft>({ article: '', lot: '' });
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [asked, setAsked] = useState<RecallQuery | null>(null);
  const recall = useRecall(asked);
  const parsed = recallQuery.safeParse(draft);
  const fieldError = (field: keyof Draft) =>
    isSubmitted && !parsed.success
      ? parsed.error.issues.find((issue) => issue.path[0] === field)?.message
      : undefined;
  const run = () => {
    setIsSubmitted(true);
    if (parsed.success) setAsked(parsed.data);
  };
  const cases = recall.data?.cases ?? [];
  const [isNotifying, setIsNotifying] = useState(false);
  const notifyRefusal = usePermissionRefusal('stock');
  const runAgain = (query: RecallQuery) => {
    setDraft(query);
    setAsked(query);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Gauge MRP · Recall
      </Typography>
      <Stack
        direction="row"
        spacing={2}
        component="form"
        aria-label="Recall"
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
        onSubmit={(event) => {
          event.preventDefault();
          run();
        }}
      >
        <TextField
          size="small"
          label="Article"
          value={draft.article}
          onChange={(event) => setDraft({ ...draft, article: event.target.value })}
          error={Boolean(fieldError('article'))}
          helperText={fieldError('article') ?? 'A part’s code, or a material’s name'}
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        <TextField
          size="small"
          label="Lot"
          value={draft.lot}
          onChange={(event) => setDraft({ ...draft, lot: event.target.value })}
          error={Boolean(fieldError('lot'))}
          helperText={fieldError('lot') ?? 'The lot or batch number on the notice'}
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        <Button type="submit" variant="contained" disabled={recall.isFetching}>
          Find cases
        </Button>
        {asked && recall.data && cases.length > 0 && (
          <>
            <Button variant="outlined" startIcon={<DownloadOutlinedIcon />} href={recallCsvUrl(asked)}>
              Export CSV
            </Button>
            <span title={notifyRefusal ?? ''}>
              <Button
                variant="outlined"
                color="warning"
                disabled={notifyRefusal !== null}
                onClick={() => setIsNotifying(true)}
              >
                Notify clients
              </Button>
            </span>
          </>
        )}
      </Stack>
      {asked && recall.data && (
        <Typography role="status">
          {cases.length === 0
            ? `No case received lot ${recall.data.lot} of ${recall.data.article}.`
            : `${cases.length} case${cases.length === 1 ? '' : 's'} received lot ${recall.data.lot} of ${recall.data.article}.`}
        </Typography>
      )}
      {cases.length > 0 && (
        <TableContainer component={Paper}>
          <Table size="small" aria-label="Cases that received the lot">
            <TableHead>
              <TableRow>
                <TableCell>Collection</TableCell>
                <TableCell>Patient</TableCell>
                <TableCell>Client</TableCell>
                <TableCell>Branch</TableCell>
                <TableCell>Dispatched</TableCell>
                <TableCell>Teeth</TableCell>
                <TableCell>Known by</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {cases.map((item) => (
                <TableRow key={item.case_uid} data-case={item.case_mkey}>
                  <TableCell>
                    <Link
                      href={collectionPageUrl({ uid: item.collection_uid, cuid: item.case_uid })}
                      target="_blank"
                      rel="noopener"
                    >
                      {item.collection_id}
                    </Link>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {item.case_mkey}
                    </Typography>
                  </TableCell>
                  <TableCell>{item.patient_reference}</TableCell>
                  <TableCell>
                    {item.client.name}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {item.client.client_id}
                    </Typography>
                  </TableCell>
                  <TableCell>{item.branch ?? '—'}</TableCell>
                  <TableCell>
                    {item.dispatched_at ? (
                      <time dateTime={item.dispatched_at}>{formatDateTime(item.dispatched_at)}</time>
                    ) : (
                      'Still in the lab'
                    )}
                  </TableCell>
                  <TableCell>{item.teeth.join(', ') || '—'}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5}>
                      {item.paths.map((path) => (
                        <Chip key={path} size="small" label={path} />
                      ))}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {isNotifying && recall.data && (
        <NotifyRecallDialog recall={recall.data} onClose={() => setIsNotifying(false)} />
      )}
      <RecallHistory onRun={runAgain} />
    </Stack>
  );
};
