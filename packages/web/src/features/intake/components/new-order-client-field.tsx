import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { ClientSearchResult } from '@lab/domain';
import { useDeskClientSearch } from '../api/desk-order-api';
import type { ClientDraft } from '../desk-order-draft';

/**
 * Who ordered: a client the lab has, found by Client ID, name or country as the client search finds
 * them; or a new one, by name and country (and the e-mail the clinic writes from, so its next order
 * through a platform finds it).
 */
export const NewOrderClientField = ({
  value,
  onChange,
  error,
}: {
  value: ClientDraft | null;
  onChange: (client: ClientDraft | null) => void;
  error: string | undefined;
}) => {
  const [keyword, setKeyword] = useState('');
  const search = useDeskClientSearch(keyword.trim());
  if (value?.kind === 'new') {
    const set = (patch: Partial<Extract<ClientDraft, { kind: 'new' }>>) => onChange({ ...value, ...patch });
    return (
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            label="New client's name"
            value={value.name}
            onChange={(event) => set({ name: event.target.value })}
            size="small"
            required
            error={error !== undefined}
            helperText={error}
            sx={{ flex: 2 }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label="Country (2 letters)"
            value={value.country}
            onChange={(event) => set({ country: event.target.value.toUpperCase() })}
            size="small"
            required
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: 2 } }}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            label="E-mail"
            type="email"
            value={value.email}
            onChange={(event) => set({ email: event.target.value })}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: 254 } }}
          />
          <Button onClick={() => onChange(null)}>Choose a client instead</Button>
        </Stack>
      </Stack>
    );
  }
  const chosen: ClientSearchResult | null =
    value === null
      ? null
      : { id: value.id, uid: '', name: value.name, country: value.country, patient_count: 0, case_count: 0 };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Autocomplete
        sx={{ flex: 1 }}
        options={search.data ?? []}
        value={chosen}
        loading={search.isFetching}
        filterOptions={(options) => options}
        getOptionLabel={(option) => `${option.name} (${option.country})`}
        isOptionEqualToValue={(option, other) => option.id === other.id}
        onInputChange={(_event, text) => setKeyword(text)}
        onChange={(_event, option) =>
          onChange(
            option === null
              ? null
              : { kind: 'existing', id: option.id, name: option.name, country: option.country },
          )
        }
        noOptionsText={keyword.trim().length < 2 ? 'Type a name or Client ID' : 'No client found'}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Client"
            size="small"
            required
            error={error !== undefined}
            helperText={error}
          />
        )}
      />
      <Button
        sx={{ whiteSpace: 'nowrap', mt: 0.5 }}
        onClick={() => onChange({ kind: 'new', name: keyword.trim(), country: '', email: '' })}
      >
        New client
      </Button>
    </Stack>
  );
};
