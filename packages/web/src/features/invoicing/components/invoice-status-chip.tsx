import Chip from '@mui/material/Chip';
import type { Invoice } from '@lab/domain';
import { invoiceStatusOf, invoiceStatusText, type InvoiceStatus } from '../invoice-rules';

const statusColors: Record<InvoiceStatus, 'default' | 'success' | 'info'> = {
  'Not Finalised': 'default',
  Finalised: 'success',
  'Manually Invoiced': 'info',
};

/** 'Not Finalised', 'Finalised 12 Mar 2025' or 'Manually Invoiced' (collection-views §4 'Invoice'). */
export const InvoiceStatusChip = ({ invoice }: { invoice: Invoice }) => (
  <Chip
    size="small"
    variant={invoiceStatusOf(invoice) === 'Not Finalised' ? 'outlined' : 'filled'}
    color={statusColors[invoiceStatusOf(invoice)]}
    label={invoiceStatusText(invoice)}
  />
);
