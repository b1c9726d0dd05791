import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { KeyboardEvent } from 'react';
import type { CollectionSearchResult } from '@lab/domain';
import { formatDateRange } from '../lib/date-format';
import { CountryFlag } from './country-flag';

type CollectionResultsTableProps = {
  rows: readonly CollectionSearchResult[];
  /**
   * The spec spells it 'Country/Region' in search results and 'Country / Region' in the active list.
   * Without it the Country and Client columns are left out: on a client's page every row is that client's.
   */
  countryHeader?: string;
  ariaLabel: string;
  onOpen: (row: CollectionSearchResult) => void;
};

// A long client name or patient reference wraps, even inside a word, rather than widen the table past its
// card; the Date Range stays on one line.
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/** Search results and the active list share these columns; a row opens its collection. */
export const CollectionResultsTable = ({
  rows,
  countryHeader,
  ariaLabel,
  onOpen,
}: CollectionResultsTableProps) => {
  const handleKeyDown = (event: KeyboardEvent, row: CollectionSearchResult) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(row);
    }
  };
  return (
    <TableContainer>
      <Table size="small" stickyHeader aria-label={ariaLabel}>
        <TableHead>
          <TableRow>
            <TableCell>Case ID</TableCell>
            {countryHeader !== undefined && (
              <>
                <TableCell>{countryHeader}</TableCell>
                <TableCell>Client</TableCell>
              </>
            )}
            <TableCell>Patient Reference</TableCell>
            <TableCell>Date Range</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Components</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.uid}
              hover
              tabIndex={0}
              onClick={() => onOpen(row)}
              onKeyDown={(event) => handleKeyDown(event, row)}
              sx={{
                cursor: 'pointer',
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            >
              <TableCell sx={{ fontWeight: 500 }}>{row.collection_id}</TableCell>
              {countryHeader !== undefined && (
                <>
                  <TableCell>
                    <CountryFlag code={row.country} />
                  </TableCell>
                  <TableCell sx={wrapAnywhere}>{row.client_name}</TableCell>
                </>
              )}
              <TableCell sx={wrapAnywhere}>{row.patient_reference}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateRange(row.first_case_start_time, row.last_case_start_time)}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  label={row.active ? 'Active' : 'Archived'}
                  color={row.active ? 'success' : 'default'}
                />
              </TableCell>
              <TableCell align="right">{row.case_count}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
