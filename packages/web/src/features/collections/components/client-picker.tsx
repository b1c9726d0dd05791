import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { searchMessages, type ClientRef } from '@lab/domain';
import { CountryFlag } from '../../../components/country-flag';
import { useClientSearch } from '../api/search-clients';
import { useDebouncedValue } from '../hooks/use-debounced-value';

const searchDelayMs = 300;

type ClientPickerProps = {
  label: string;
  value: ClientRef | null;
  onChange: (client: ClientRef | null) => void;
  error?: string | undefined;
  /** Shown under the field when there is no error. */
  hint?: string;
};

const describe = (client: ClientRef) => `${client.name} (${client.id})`;

/** A client chosen by typing part of its name or Client ID (POST /api/v2/client/search/). */
export const ClientPicker = ({ label, value, onChange, error, hint }: ClientPickerProps) => {
  const [input, setInput] = useState('');
  const keyword = useDebouncedValue(input, searchDelayMs);
  // While the box shows the chosen client's own label, there is nothing to search for.
  const isSearching = value === null || input !== describe(value);
  const search = useClientSearch(isSearching ? keyword : '');
  const options: ClientRef[] = search.data ?? [];

  return (
    <Autocomplete<ClientRef>
      value={value}
      onChange={(_event, client) => onChange(client)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={options}
      // The server already matched the keyword; the list shows its answer as it is.
      filterOptions={(list) => list}
      getOptionLabel={describe}
      isOptionEqualToValue={(option, chosen) => option.uid === chosen.uid}
      loading={search.isFetching}
      noOptionsText={keyword.trim().length < 2 ? 'Type at least 2 characters' : searchMessages.nothingFound}
      renderOption={(props, client) => {
        const { key, ...optionProps } = props;
        return (
          <Box component="li" key={key} {...optionProps} sx={{ display: 'flex', gap: 1 }}>
            <CountryFlag code={client.country} isCodeShown={false} />
            {describe(client)}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} size="small" error={Boolean(error)} helperText={error ?? hint} />
      )}
    />
  );
};
