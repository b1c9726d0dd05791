import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { useState } from 'react';
import { formatPhoneInternational } from '@lab/domain';
import { formatDateTime } from '../../../components/date-time-format';
import { lazyDialog } from '../../../components/lazy-part';
import { useClientIdentifications } from '../api/get-client-identifications';

// The dialog brings the phone number metadata (libphonenumber): it downloads when first opened.
const AddIdentificationDialog = lazyDialog(
  () => import('./add-identification-dialog').then((module) => module.AddIdentificationDialog),
  (props) => props.isOpen,
);

/** The e-mail addresses and mobile numbers the client is known by (referrals match against them). */
export const IdentificationsCard = ({ clientId }: { clientId: number }) => {
  const identifications = useClientIdentifications(clientId);
  const [isAdding, setIsAdding] = useState(false);
  return (
    <Card variant="outlined" component="section" aria-label="Identifications">
      <CardHeader
        title="Identifications"
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        action={
          <Button size="small" startIcon={<AddIcon />} onClick={() => setIsAdding(true)}>
            Add
          </Button>
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        {identifications.isError && <Alert severity="error">{identifications.error.message}</Alert>}
        {identifications.data && identifications.data.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No identifications
          </Typography>
        )}
        <List dense disablePadding aria-label="Identifications">
          {identifications.data?.map((identification) => (
            <ListItem key={identification.id} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {identification.kind === 'EMAIL' ? (
                  <EmailOutlinedIcon fontSize="small" aria-label="Email Address" />
                ) : (
                  <PhoneIphoneIcon fontSize="small" aria-label="Mobile Number" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  identification.kind === 'MOBILE'
                    ? formatPhoneInternational(identification.value)
                    : identification.value
                }
                secondary={`Added ${formatDateTime(identification.created_at)}${
                  identification.created_by ? ` by ${identification.created_by}` : ''
                }`}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <AddIdentificationDialog clientId={clientId} isOpen={isAdding} onClose={() => setIsAdding(false)} />
    </Card>
  );
};
