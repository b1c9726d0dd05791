import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { searchMessages, searchMinimumLength, type ClientSearchResult } from '@lab/domain';
import { CountryFlag } from '../../../components/country-flag';
import { isNewTabClick, isOnLink, isPlainClick } from '../../../lib/link-clicks';
import { openInNewTab } from '../../../lib/navigation';
import { useClientSearch } from '../api/search-clients';
import { clientPageUrl } from '../client-page-url';

type ClientSearchViewProps = {
  /** The submitted keyword (the page's `search` parameter). */
  keyword: string;
  onSearch: (keyword: string) => void;
  onOpenClient: (clientId: number) => void;
};

/**
 * Client search (collection-views §2): a box, then Client ID, Country / Region, Name, Patients, Cases.
 * A row opens the client in place; its Client ID and Name are links to the client page, so Ctrl/Cmd-click
 * and a middle click open it in a new tab, on the links as anywhere else on the row.
 */
export const ClientSearchView = ({ keyword, onSearch, onOpenClient }: ClientSearchViewProps) => {
  const [draft, setDraft] = useState(keyword);
  const [shownKeyword, setShownKeyword] = useState(keyword);
  // Back/Forward change the keyword under the box: show the one being searched.
  if (keyword !== shownKeyword) {
    setShownKeyword(keyword);
    setDraft(keyword);
  }
  const search = useClientSearch(keyword);
  const results = search.data;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next.length < searchMinimumLength) return;
    onSearch(next);
    if (next === keyword) void search.refetch();
  };

  const handleRowKey = (event: KeyboardEvent, client: ClientSearchResult) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (event.ctrlKey || event.metaKey) openInNewTab(clientPageUrl(client.id));
      else onOpenClient(client.id);
    }
  };

  // Clicks on the row's links are theirs (handleLinkClick); a middle click comes as an auxclick.
  const handleRowClick = (event: MouseEvent, client: ClientSearchResult) => {
    if (isOnLink(event.target)) return;
    if (isPlainClick(event)) onOpenClient(client.id);
    else if (isNewTabClick(event)) openInNewTab(clientPageUrl(client.id));
  };

  // A plain click opens the client in place, as the row does; any other is the browser's (a new tab).
  const handleLinkClick = (event: MouseEvent, client: ClientSearchResult) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onOpenClient(client.id);
  };

  const linkTo = (client: ClientSearchResult, text: string | number) => (
    <Link
      href={clientPageUrl(client.id)}
      color="inherit"
      underline="hover"
      // The row is the keyboard's stop (Enter opens, Ctrl+Enter a new tab): one per row, not three.
      tabIndex={-1}
      onClick={(event) => handleLinkClick(event, client)}
    >
      {text}
    </Link>
  );

  return (
    <Paper variant="outlined">
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 500 }}>
          Client Search
        </Typography>
        <Box
          component="form"
          role="search"
          onSubmit={handleSubmit}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
        >
          <TextField
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Client ID, name or country"
            size="small"
            autoFocus
            sx={{ flex: '1 1 320px', maxWidth: 560 }}
            slotProps={{
              htmlInput: { 'aria-label': 'Search clients' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained">
            Search
          </Button>
        </Box>
      </Box>
      {search.isFetching && <LinearProgress aria-label="Searching" />}
      {search.isError && (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {search.error.message}
        </Alert>
      )}
      {results && results.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
          {searchMessages.nothingFound}
        </Typography>
      )}
      {results && results.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label="Clients">
            <TableHead>
              <TableRow>
                <TableCell>Client ID</TableCell>
                <TableCell>Country / Region</TableCell>
                <TableCell>Name</TableCell>
                <TableCell align="right">Patients</TableCell>
                <TableCell align="right">Cases</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((client) => (
                <TableRow
                  key={client.uid}
                  hover
                  tabIndex={0}
                  onClick={(event) => handleRowClick(event, client)}
                  onAuxClick={(event) => handleRowClick(event, client)}
                  onKeyDown={(event) => handleRowKey(event, client)}
                  sx={{
                    cursor: 'pointer',
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                  }}
                >
                  <TableCell sx={{ fontWeight: 500 }}>{linkTo(client, client.id)}</TableCell>
                  <TableCell>
                    <CountryFlag code={client.country} />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{linkTo(client, client.name)}</TableCell>
                  <TableCell align="right">{client.patient_count}</TableCell>
                  <TableCell align="right">{client.case_count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
};
