import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PortalCollection, ToothConvention } from '@lab/domain';
import { ToothConventionToggle } from '../../../components/tooth-chart';

// 'Case {collection id}' with the client's name, account number when there is one, the patient
// reference, and the tooth-numbering toggle (collection-views §2 'Customer portal').

type PortalCaseHeaderProps = {
  collection: PortalCollection;
  convention: ToothConvention;
  onConventionChange: (convention: ToothConvention) => void;
};

const Detail = ({ label, value }: { label: string; value: string }) => (
  <Typography variant="body2" component="div">
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {label}:{' '}
    </Box>
    <Box component="span" sx={{ fontWeight: 500 }}>
      {value}
    </Box>
  </Typography>
);

export const PortalCaseHeader = ({ collection, convention, onConventionChange }: PortalCaseHeaderProps) => (
  <Stack
    direction={{ xs: 'column', sm: 'row' }}
    spacing={1.5}
    sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' } }}
  >
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Case {collection.collection_id}
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 500 }}>
        {collection.client_name}
      </Typography>
      {collection.client_account_number && (
        <Detail label="Account" value={collection.client_account_number} />
      )}
      <Detail label="Patient" value={collection.patient_reference} />
    </Box>
    <Box sx={{ alignSelf: { xs: 'flex-start', sm: 'flex-end' } }}>
      <ToothConventionToggle convention={convention} onChange={onConventionChange} />
    </Box>
  </Stack>
);
