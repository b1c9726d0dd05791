import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  canRequestIntegratedRedo,
  hasRedoBadge,
  integratedRequestState,
  maxIntegratedTries,
  type IntegratedOutsourceRequest,
} from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { designTypeText, readRequestPayload } from '../outsourcing-display';
import { RequestRedoDialog } from './request-redo-dialog';
import { RedoBadge, RequestStateChip } from './status-chips';

type IntegratedRequestItemProps = {
  collectionUid: string;
  caseId: number;
  outsourceId: number;
  request: IntegratedOutsourceRequest;
};

/** One request to the integrated partner: its state, the partner's reference and status, and redo. */
export const IntegratedRequestItem = ({
  collectionUid,
  caseId,
  outsourceId,
  request,
}: IntegratedRequestItemProps) => {
  const [isRedoOpen, setIsRedoOpen] = useState(false);
  const state = integratedRequestState(request);
  const asked = readRequestPayload(request.payload);
  return (
    <Stack spacing={0.5} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="span">
          {request.adapter_type} request
        </Typography>
        <RequestStateChip state={state} />
        {hasRedoBadge(request) && <RedoBadge />}
        <Stack sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          variant="outlined"
          disabled={!canRequestIntegratedRedo(request)}
          onClick={() => setIsRedoOpen(true)}
        >
          Request Redo
        </Button>
      </Stack>
      {state === 'Error' && (
        <Typography variant="body2" color="error" role="alert">
          {request.error} (try {request.retry_count} of {maxIntegratedTries})
        </Typography>
      )}
      <Typography variant="body2">
        Partner reference: {request.partner_reference ?? '—'} · Partner status:{' '}
        {request.response.status ?? '—'}
      </Typography>
      {asked.designTypes.length > 0 && (
        <Typography variant="body2">
          Design types: {asked.designTypes.map(designTypeText).join(', ')}
        </Typography>
      )}
      {asked.instruction && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          Instructions: {asked.instruction}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        Sent <DateTimeText iso={request.sent_at} />
        {request.completed_at && (
          <>
            {' · Completed '}
            <DateTimeText iso={request.completed_at} />
          </>
        )}
        {request.redo_requested_at && (
          <>
            {' · Redo requested '}
            <DateTimeText iso={request.redo_requested_at} />
          </>
        )}
      </Typography>
      <RequestRedoDialog
        isOpen={isRedoOpen}
        collectionUid={collectionUid}
        caseId={caseId}
        outsourceId={outsourceId}
        onClose={() => setIsRedoOpen(false)}
      />
    </Stack>
  );
};
