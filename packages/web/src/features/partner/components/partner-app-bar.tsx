import AppBar from '@mui/material/AppBar';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { PartnerJob } from '@lab/domain';

// The bar on top: whose page this is (the partner's name) and which case the job is for.

export const caseLabelOf = (job: Pick<PartnerJob, 'collection_id' | 'case_mkey'>): string =>
  `Case ${job.collection_id} · ${job.case_mkey}`;

export const PartnerAppBar = ({ job }: { job: PartnerJob }) => (
  <AppBar position="sticky" elevation={1}>
    <Toolbar sx={{ py: 1 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0, sm: 2 }}
        sx={{ width: '100%', alignItems: { sm: 'baseline' }, justifyContent: 'space-between', minWidth: 0 }}
      >
        <Typography variant="h6" component="div" noWrap>
          {job.partner_name}
        </Typography>
        <Typography variant="subtitle1" component="h1" noWrap sx={{ opacity: 0.9 }}>
          {caseLabelOf(job)}
        </Typography>
      </Stack>
    </Toolbar>
  </AppBar>
);
