import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import {
  caseDialogTexts,
  caseOverviewTexts,
  machineProjectStatusLabels,
  type CollectionCase,
  type PickingSlip,
} from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PickSlipForm } from './pick-slip-form';
import { useCaseAction } from '../api/post-case-action';
import { formatLotNumbers } from '../case-edit-rules';
import { formatDateTime } from '../format-date-time';
import { Field } from './case-details-read';

type CardProps = { collectionUid: string; caseItem: CollectionCase };

const SideCard = ({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) => (
  <Card variant="outlined">
    <CardContent>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </CardContent>
  </Card>
);

const Empty = ({ text }: { text: string }) => (
  <Typography variant="body2" color="text.secondary">
    {text}
  </Typography>
);

/** A confirmed one-click action of the overview (toggle_warranty, picking_slip). */
const useConfirmedAction = (
  { collectionUid, caseItem }: CardProps,
  action: 'toggle_warranty' | 'picking_slip',
) => {
  const caseAction = useCaseAction(collectionUid);
  const [isAsking, setIsAsking] = useState(false);
  const cancel = () => {
    setIsAsking(false);
    caseAction.reset();
  };
  const confirm = () =>
    caseAction.mutate(
      { caseId: caseItem.case_id, action: { action } },
      { onSuccess: () => setIsAsking(false) },
    );
  return { caseAction, isAsking, ask: () => setIsAsking(true), cancel, confirm };
};

export const WarrantyCard = (props: CardProps) => {
  const { caseAction, isAsking, ask, cancel, confirm } = useConfirmedAction(props, 'toggle_warranty');
  const isVoid = props.caseItem.warranty_void;
  return (
    <SideCard
      title="Warranty"
      action={
        <Button size="small" onClick={ask}>
          Set {isVoid ? 'Valid' : 'Void'}
        </Button>
      }
    >
      <Chip color={isVoid ? 'error' : 'success'} label={isVoid ? 'Void' : 'Valid'} />
      <ConfirmDialog
        isOpen={isAsking}
        title="Warranty"
        message={
          <>
            {isVoid ? caseDialogTexts.toggleWarrantyToValid : caseDialogTexts.toggleWarrantyToVoid}
            {caseAction.error && <Alert severity="error">{caseAction.error.message}</Alert>}
          </>
        }
        isBusy={caseAction.isPending}
        onConfirm={confirm}
        onCancel={cancel}
      />
    </SideCard>
  );
};

export const MachineProjectCard = ({ caseItem }: { caseItem: CollectionCase }) => {
  const project = caseItem.machine_project;
  return (
    <SideCard title="Machine Project">
      {project === null ? (
        <Empty text={caseOverviewTexts.noManufacturedPart} />
      ) : (
        <Stack spacing={1}>
          <Chip
            sx={{ alignSelf: 'flex-start' }}
            color={project.status === 'Complete' ? 'success' : 'default'}
            label={machineProjectStatusLabels[project.status]}
          />
          <Field label="Project">{project.name}</Field>
          <Field label="Machine">{project.machine}</Field>
          <Field label="Branch">{project.branch}</Field>
          <Field label="Start / End">
            {[formatDateTime(project.start_time), formatDateTime(project.end_time)]
              .filter(Boolean)
              .join(' – ')}
          </Field>
          <Field label="Created By">{project.created_by}</Field>
        </Stack>
      )}
    </SideCard>
  );
};

export const RelatedCasesCard = ({
  caseItem,
  onOpenCase,
}: {
  caseItem: CollectionCase;
  onOpenCase: (caseUid: string) => void;
}) => (
  <SideCard title="Related Cases">
    {caseItem.related_cases.length === 0 ? (
      <Empty text={caseOverviewTexts.noRelatedCases} />
    ) : (
      <Stack spacing={0.5}>
        {caseItem.related_cases.map((related) => (
          <Typography key={related.uid} variant="body2">
            <Link component="button" onClick={() => onOpenCase(related.uid)}>
              {related.case_mkey}
            </Link>{' '}
            {related.job_type} · {related.status}
          </Typography>
        ))}
      </Stack>
    )}
  </SideCard>
);

const PickingSlipEntry = ({ slip, collectionUid }: { slip: PickingSlip; collectionUid: string }) => {
  const lotLines = formatLotNumbers(slip.lot_numbers);
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
      <Typography variant="body2">
        Requested {formatDateTime(slip.requested_at)}
        {slip.requested_by ? ` by ${slip.requested_by}` : ''}
        {slip.picked_at ? ` · Picked ${formatDateTime(slip.picked_at)}` : ''}
        {slip.picked_by ? ` by ${slip.picked_by}` : ''}
      </Typography>
      {slip.pick_items.length === 0 ? (
        <Empty text={caseOverviewTexts.noComponentsRequested} />
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {slip.pick_items.map((item, index) => (
            <Typography component="li" variant="body2" key={`${item.code}-${index}`}>
              {item.quantity} × {item.code} {item.description} ({item.type})
            </Typography>
          ))}
        </Box>
      )}
      <Typography variant="caption" color="text.secondary">
        Lot Numbers
      </Typography>
      {lotLines.length === 0 ? (
        <Empty text={caseOverviewTexts.noLotNumbers} />
      ) : (
        lotLines.map((line) => (
          <Typography key={line} variant="body2">
            {line}
          </Typography>
        ))
      )}
      {!slip.picked_at && slip.pick_items.length > 0 && (
        <PickSlipForm slip={slip} collectionUid={collectionUid} />
      )}
    </Box>
  );
};

export const PickingSlipsCard = (props: CardProps) => {
  const { caseAction, isAsking, ask, cancel, confirm } = useConfirmedAction(props, 'picking_slip');
  const slips = props.caseItem.picking_slips;
  return (
    <SideCard
      title="Picking Slips"
      action={
        <Button size="small" onClick={ask}>
          Request New Slip
        </Button>
      }
    >
      {slips.length === 0 ? (
        <Empty text={caseOverviewTexts.noPickingSlips} />
      ) : (
        <Stack spacing={1}>
          {slips.map((slip) => (
            <PickingSlipEntry key={slip.id} slip={slip} collectionUid={props.collectionUid} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        isOpen={isAsking}
        title="Picking Slip"
        message={
          <>
            {caseDialogTexts.requestPickingSlip}
            {caseAction.error && <Alert severity="error">{caseAction.error.message}</Alert>}
          </>
        }
        isBusy={caseAction.isPending}
        onConfirm={confirm}
        onCancel={cancel}
      />
    </SideCard>
  );
};
