import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useState, type FormEvent } from 'react';
import { searchMessages } from '@lab/domain';
import { CollectionResultsTable } from '../../../components/collection-results-table';
import { OutlinedTextBox } from '../../../components/outlined-text-box';
import { useCollectionSearch } from '../api/search-collections';
import { useEasterEggHeading } from '../hooks/use-easter-egg-heading';
import { toSearchableKeyword } from '../search-keyword';

export type SearchViewProps = {
  /** The submitted keyword (the `search` query parameter). */
  keyword: string;
  /** The keyword's results should open a single match by themselves (a fresh search, not a return). */
  isAutoOpenArmed: boolean;
  onSearch: (keyword: string) => void;
  onOpenCollection: (uid: string, isAutomatic: boolean) => void;
  /** The armed search has answered, whatever it found. */
  onAutoOpenSettled: () => void;
  onCheckIn: () => void;
  onShowActive: () => void;
};

export const SearchView = ({
  keyword,
  isAutoOpenArmed,
  onSearch,
  onOpenCollection,
  onAutoOpenSettled,
  onCheckIn,
  onShowActive,
}: SearchViewProps) => {
  const { heading, onClick: handleHeadingClick } = useEasterEggHeading('Case Search');
  const [draft, setDraft] = useState(keyword);
  const [shownKeyword, setShownKeyword] = useState(keyword);
  // Back/Forward change the keyword under the box: show the one being searched.
  if (keyword !== shownKeyword) {
    setShownKeyword(keyword);
    setDraft(keyword);
  }

  const search = useCollectionSearch(keyword);
  const results = search.data;
  const isSettled = search.isSuccess || search.isError;

  useEffect(() => {
    if (!isAutoOpenArmed || !isSettled) return;
    onAutoOpenSettled();
    const [only] = results ?? [];
    if (results?.length === 1 && only) onOpenCollection(only.uid, true);
  }, [isAutoOpenArmed, isSettled, results, onAutoOpenSettled, onOpenCollection]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = toSearchableKeyword(draft);
    if (next === null) return;
    onSearch(next);
    // The same keyword again is a request for fresh results.
    if (next === keyword) void search.refetch();
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography
          variant="h5"
          component="h1"
          onClick={handleHeadingClick}
          sx={{ mb: 2, userSelect: 'none', fontWeight: 500 }}
        >
          {heading}
        </Typography>
        <Box
          component="form"
          role="search"
          onSubmit={handleSubmit}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
        >
          <OutlinedTextBox
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Case ID, patient reference or client"
            ariaLabel="Search cases"
            size="small"
            isAutoFocused
            sx={{ flex: '1 1 320px', maxWidth: 560 }}
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            }
          />
          <Button type="submit" variant="contained">
            Search
          </Button>
          <Button variant="outlined" onClick={onCheckIn}>
            Check-in
          </Button>
          <Button variant="outlined" onClick={onShowActive}>
            All Active
          </Button>
        </Box>
      </Paper>

      {search.isFetching && <LinearProgress aria-label="Searching" />}
      {search.isError && <Alert severity="error">{search.error.message}</Alert>}
      {results && results.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{searchMessages.nothingFound}</Typography>
        </Paper>
      )}
      {results && results.length > 0 && (
        <Paper variant="outlined">
          <Typography variant="subtitle2" color="text.secondary" sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
            {results.length === 1 ? '1 collection' : `${results.length} collections`} for “{keyword}”
          </Typography>
          <CollectionResultsTable
            rows={results}
            countryHeader="Country/Region"
            ariaLabel="Search results"
            onOpen={(row) => onOpenCollection(row.uid, false)}
          />
        </Paper>
      )}
    </Stack>
  );
};
