import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { PartnerJob } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { PartnerCompleteButton } from './partner-complete-button';
import { PartnerStatusChip } from './partner-status-chip';

// The job: what to make (the case's job type, digital or physical work), by when, the lab's
// instructions, and where physical work goes back to.

const workLabels = { digital: 'Digital (design files)', physical: 'Physical (ship the work back)' } as const;

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
    <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96, flexShrink: 0 }}>
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Stack>
);

export const PartnerJobCard = ({ outsourceKey, job }: { outsourceKey: string; job: PartnerJob }) => (
  <Card component="section" aria-label="Job">
    <CardHeader
      title={job.job_type}
      subheader={job.patient_reference}
      action={<PartnerStatusChip status={job.status} />}
      slotProps={{ title: { component: 'h2', variant: 'h6' }, action: { sx: { alignSelf: 'center', m: 0 } } }}
    />
    <CardContent sx={{ pt: 0 }}>
      <Stack spacing={0.75}>
        <Fact label="Due">
          <DateTimeText iso={job.expected_return} />
        </Fact>
        <Fact label="Sent">
          <DateTimeText iso={job.start} />
        </Fact>
        {job.outsource_job_type && <Fact label="Work">{workLabels[job.outsource_job_type]}</Fact>}
        {job.returning_branch && <Fact label="Return to">{job.returning_branch}</Fact>}
      </Stack>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
        Instructions
      </Typography>
      <Typography
        variant="body2"
        color={job.note ? 'text.primary' : 'text.secondary'}
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {job.note?.trim() ? job.note : 'No instructions'}
      </Typography>
    </CardContent>
    {!job.ended && (
      <CardActions sx={{ px: 2, pb: 2 }}>
        <PartnerCompleteButton outsourceKey={outsourceKey} job={job} />
      </CardActions>
    )}
  </Card>
);
