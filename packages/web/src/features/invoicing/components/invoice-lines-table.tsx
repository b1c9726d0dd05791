import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Invoice } from '@lab/domain';
import { moneyOf, quantityOf } from '../invoice-rules';

/** The invoice's lines (largest first, as the server sorts them), then freight, the total (§5), its tax and the amount due. */
export const InvoiceLinesTable = ({ invoice }: { invoice: Invoice }) => {
  const money = (text: string | null) => (text === null ? '' : moneyOf(text, invoice.currency));
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label="Invoice lines"
        sx={{ '& td:first-of-type, & td:nth-last-of-type(-n+2), & th': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Case</TableCell>
            <TableCell>Dentate</TableCell>
            <TableCell>Description</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right">Unit Price</TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} sx={{ color: 'text.secondary' }}>
                No lines
              </TableCell>
            </TableRow>
          )}
          {invoice.lines.map((line, index) => (
            <TableRow key={`${line.case_mkey ?? 'fixed'}-${index}`}>
              <TableCell>{line.case_mkey ?? '—'}</TableCell>
              <TableCell>{line.dentate ?? ''}</TableCell>
              <TableCell>{line.description}</TableCell>
              <TableCell align="right">{quantityOf(line.total_qty)}</TableCell>
              <TableCell align="right">{money(line.unit_price)}</TableCell>
              <TableCell align="right">{money(line.total_amount)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={5} align="right">
              Freight
            </TableCell>
            <TableCell align="right">{money(invoice.freight)}</TableCell>
          </TableRow>
          <TableRow sx={{ '& td': { fontWeight: 600, borderBottom: 0 } }}>
            <TableCell colSpan={5} align="right">
              Total
            </TableCell>
            <TableCell align="right" aria-label="Invoice total">
              {money(invoice.total)} {invoice.currency}
            </TableCell>
          </TableRow>
          {/* Beneath the Total (ex tax): the tax by the branch's country, and what the client pays. */}
          <TableRow>
            <TableCell colSpan={5} align="right">
              {invoice.tax_name ? `${invoice.tax_name} ${invoice.tax_percent} %` : 'No tax (export)'}
            </TableCell>
            <TableCell align="right" aria-label="Invoice tax">
              {money(invoice.tax)}
            </TableCell>
          </TableRow>
          <TableRow sx={{ '& td': { fontWeight: 600, borderBottom: 0 } }}>
            <TableCell colSpan={5} align="right">
              Amount due{invoice.tax_name ? ` incl. ${invoice.tax_name}` : ''}
            </TableCell>
            <TableCell align="right" aria-label="Amount due">
              {money(invoice.amount_due)} {invoice.currency}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
};
