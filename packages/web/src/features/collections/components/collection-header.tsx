import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import type { Collection } from '@lab/domain';
import { CountryFlag } from '../../../components/country-flag';

// Spec §2: the client page opens in a new tab (the collection stays where it is).
const clientPageUrl = (clientId: number) => `/static/v2/client.html?id=${clientId}`;

/** Spec §2: on every view, the collection id, flag, VIP chip, patient reference and shipping client. */
export const CollectionHeader = ({ collection }: { collection: Collection }) => (
  <Paper
    variant="outlined"
    component="header"
    sx={{ px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
  >
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {collection.collection_id}
      </Typography>
      <CountryFlag code={collection.shipping_client.country} isCodeShown={false} />
      {collection.vip && <Chip size="small" color="primary" icon={<StarIcon />} label="VIP" />}
      {!collection.active && <Chip size="small" label="Archived" />}
    </Stack>
    <Typography variant="h6" component="p" sx={{ fontWeight: 400 }} aria-label="Patient reference">
      {collection.patient_reference}
    </Typography>
    <Link
      href={clientPageUrl(collection.shipping_client.id)}
      target="_blank"
      rel="noopener"
      color="text.secondary"
      underline="hover"
      title="Open the client page in a new tab"
    >
      {collection.shipping_client.name}
    </Link>
  </Paper>
);
