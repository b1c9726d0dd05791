import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  checkIdentification,
  defaultPhoneCountry,
  phoneCountries,
  preferredPhoneCountries,
  type IdentificationKind,
} from '@lab/domain';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useAddClientIdentification } from '../api/add-client-identification';

// Add Identification (collection-views §2, §5): an e-mail address or a mobile number the client is known
// by. The domain rule that the server applies decides what may be saved: the e-mail tab does nothing
// while the address is empty or not an address; the mobile tab needs a valid number and saves it in
// international form. Switching tabs clears the value; closing goes back to the e-mail tab.

const tabs: { kind: IdentificationKind; label: string; fieldLabel: string }[] = [
  { kind: 'EMAIL', label: 'Email Address', fieldLabel: 'Email Address' },
  { kind: 'MOBILE', label: 'Mobile Number', fieldLabel: 'Mobile Number' },
];

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => countryNames.of(code) ?? code;

type AddIdentificationDialogProps = {
  clientId: number;
  isOpen: boolean;
  onClose: () => void;
};

export const AddIdentificationDialog = ({ clientId, isOpen, onClose }: AddIdentificationDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  const add = useAddClientIdentification(clientId);
  const [kind, setKind] = useState<IdentificationKind>('EMAIL');
  const [value, setValue] = useState('');
  const [country, setCountry] = useState<string>(defaultPhoneCountry);
  const [isTouched, setIsTouched] = useState(false);
  const countries = useMemo(() => phoneCountries(), []);
  const check = checkIdentification(kind, value, country);
  const tab = tabs.find((entry) => entry.kind === kind) ?? tabs[0];
  // The rule's message shows once the user has left the field with something in it.
  const fieldError = isTouched && value.trim() !== '' && !check.isValid ? check.message : null;

  const clearValue = () => {
    setValue('');
    setIsTouched(false);
    add.reset();
  };

  const handleTabChange = (next: IdentificationKind) => {
    setKind(next);
    clearValue();
  };

  const handleClose = () => {
    if (add.isPending) return;
    setKind('EMAIL');
    setCountry(defaultPhoneCountry);
    clearValue();
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!check.isValid || add.isPending) return;
    add.mutate({ kind, value: check.value }, { onSuccess: handleClose });
  };

  return (
    <Dialog open={isOpen} onClose={handleClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>Add Identification</DialogTitle>
        <Tabs
          value={kind}
          onChange={(_event, next: IdentificationKind) => handleTabChange(next)}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((entry) => (
            <Tab key={entry.kind} value={entry.kind} label={entry.label} />
          ))}
        </Tabs>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {kind === 'MOBILE' && (
              <TextField
                select
                label="Country"
                size="small"
                value={country}
                onChange={(event) => setCountry(event.target.value)}
              >
                {countries.flatMap((entry, index) => [
                  // The preferred countries head the list, set apart from the rest.
                  ...(index === preferredPhoneCountries.length
                    ? [<ListSubheader key="others">Other countries</ListSubheader>]
                    : []),
                  <MenuItem key={entry.code} value={entry.code}>
                    {countryName(entry.code)} ({entry.callingCode})
                  </MenuItem>,
                ])}
              </TextField>
            )}
            <TextField
              autoFocus
              label={tab?.fieldLabel}
              type={kind === 'EMAIL' ? 'email' : 'tel'}
              size="small"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              onBlur={() => setIsTouched(true)}
              error={fieldError !== null || Boolean(add.error)}
              helperText={fieldError ?? (add.error ? undefined : ' ')}
            />
            {add.error && <Alert severity="error">{add.error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!check.isValid || add.isPending}>
            Add
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
