import Chip from '@mui/material/Chip';
import type { IntegratedRequestState, OutsourceJobStatus } from '@lab/domain';
import { jobStatusColors, requestStateColors } from '../outsourcing-display';

/** A job's shown status (case-workspace §4 'Outsource job status'). */
export const OutsourceStatusChip = ({ status }: { status: OutsourceJobStatus }) => (
  <Chip size="small" label={status} color={jobStatusColors[status]} />
);

/** An integrated request's state (§4 'Integrated request state'). */
export const RequestStateChip = ({ state }: { state: IntegratedRequestState }) => (
  <Chip size="small" label={state} color={requestStateColors[state]} />
);

/** Shown beside the state once a redo was requested. */
export const RedoBadge = () => <Chip size="small" label="Redo" color="warning" variant="outlined" />;
