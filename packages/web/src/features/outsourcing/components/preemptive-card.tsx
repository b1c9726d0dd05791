import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { outsourceJobStatus, type Outsource } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { EndOutsourceButton } from './end-outsource-button';
import { OutsourceDetailList } from './outsource-detail-list';
import { OutsourceStatusChip } from './status-chips';

type PreemptiveCardProps = {
  collectionUid: string;
  caseId: number;
  outsource: Outsource;
  /** Opens New Outsource Job with this plan filled in. */
  onStart: (outsource: Outsource) => void;
};

/** A planned (preemptive) job, not started yet: Pending, or Canceled once ended. */
export const PreemptiveCard = ({ collectionUid, caseId, outsource, onStart }: PreemptiveCardProps) => {
  const status = outsourceJobStatus(outsource);
  return (
    <Card variant="outlined" component="section" aria-label={`Planned outsource job: ${outsource.partner}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {outsource.partner}
          </Typography>
          <OutsourceStatusChip status={status} />
        </Stack>
        <OutsourceDetailList
          details={[
            { label: 'Planned due', value: <DateTimeText iso={outsource.expected_return} /> },
            { label: 'Note', value: outsource.note || '—' },
          ]}
        />
      </CardContent>
      {outsource.end === null && (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <EndOutsourceButton collectionUid={collectionUid} caseId={caseId} outsourceId={outsource.id} />
          <Button
            size="small"
            variant="contained"
            startIcon={<PlayArrowIcon />}
            onClick={() => onStart(outsource)}
          >
            Start
          </Button>
        </CardActions>
      )}
    </Card>
  );
};
