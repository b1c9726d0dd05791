import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@lab/domain';
import { moneyOf } from '../invoice-rules';
import { InvoiceStatusChip } from './invoice-status-chip';
import { SectionCard } from './section-card';

type InvoiceListProps = {
  invoices: readonly Invoice[];
  selectedNumber: number;
  onSelect: (invoiceNumber: number) => void;
};

/** The right-hand list of the collection's invoices: number, status, total and cases. */
export const InvoiceList = ({ invoices, selectedNumber, onSelect }: InvoiceListProps) => (
  <SectionCard title="Invoices">
    <List component="nav" aria-label="Invoices" disablePadding sx={{ mx: -1 }}>
      {invoices.map((invoice) => {
        const isSelected = invoice.invoice_number === selectedNumber;
        return (
          <ListItemButton
            key={invoice.invoice_number}
            selected={isSelected}
            aria-current={isSelected ? 'true' : undefined}
            onClick={() => onSelect(invoice.invoice_number)}
            sx={{ borderRadius: 1, px: 1 }}
          >
            <Stack spacing={0.5} sx={{ width: '100%', minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }}>
                  Invoice {invoice.invoice_number}
                </Typography>
                <Typography variant="body2">{moneyOf(invoice.total, invoice.currency)}</Typography>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                <InvoiceStatusChip invoice={invoice} />
                <Typography variant="caption" color="text.secondary" noWrap>
                  {invoice.related_mkey_cases.join(', ')}
                </Typography>
              </Stack>
            </Stack>
          </ListItemButton>
        );
      })}
    </List>
  </SectionCard>
);
