import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** One list of the inbox: its title and count, its rows or "Nothing waiting". Wide rows scroll in the card. */
export const InboxSection = ({
  title,
  hint,
  columns,
  rows,
}: {
  title: string;
  hint: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) => (
  <Paper variant="outlined" sx={{ p: 2 }}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
      {title} · {rows.length}
    </Typography>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {hint}
    </Typography>
    {rows.length === 0 ? (
      <Typography color="text.secondary">Nothing waiting</Typography>
    ) : (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key} hover>
                {row.cells.map((cell, index) => (
                  <TableCell key={columns[index] ?? index} sx={{ verticalAlign: 'top' }}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    )}
  </Paper>
);
