import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { CollectionResultsTable } from '../../../components/collection-results-table';
import { CountryFlag } from '../../../components/country-flag';
import { useActiveCollections } from '../api/get-active-collections';
import { allCountries, allCountriesLabel, countriesIn, filterByCountry } from '../country-filter';

type ActiveViewProps = {
  /** Opens the collection (the page opens it in a new tab, keeping this list in place). */
  onOpenCollection: (uid: string) => void;
};

/** All Active Cases: every active collection, filterable by the shipping client's country. */
export const ActiveView = ({ onOpenCollection }: ActiveViewProps) => {
  const active = useActiveCollections();
  const [country, setCountry] = useState(allCountries);
  const rows = useMemo(() => active.data ?? [], [active.data]);
  const countries = useMemo(() => countriesIn(rows), [rows]);
  const shownRows = useMemo(() => filterByCountry(rows, country), [rows, country]);

  return (
    <Paper variant="outlined">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', px: 2, py: 1.5 }}>
        <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          All Active Cases
          {active.data && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              ({shownRows.length})
            </Typography>
          )}
        </Typography>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="active-country-label">Country / Region</InputLabel>
          <Select
            labelId="active-country-label"
            label="Country / Region"
            value={country}
            onChange={(event) => setCountry(event.target.value)}
          >
            <MenuItem value={allCountries}>{allCountriesLabel}</MenuItem>
            {countries.map((code) => (
              <MenuItem key={code} value={code}>
                <CountryFlag code={code} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Box>
      {active.isFetching && <LinearProgress aria-label="Loading active cases" />}
      {active.isError && (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {active.error.message}
        </Alert>
      )}
      {active.data && (
        <CollectionResultsTable
          rows={shownRows}
          countryHeader="Country / Region"
          ariaLabel="All Active Cases"
          onOpen={(row) => onOpenCollection(row.uid)}
        />
      )}
    </Paper>
  );
};
