import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { invoiceDocumentMessages } from '@lab/domain';
import { AccountingExportCard, exportUrl } from './accounting-export-card';

describe('AccountingExportCard', () => {
  afterEach(cleanup);

  it('links the export of the chosen range and format', () => {
    render(<AccountingExportCard />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe(
      exportUrl({ format: 'xero', from: '2026-10-01', to: '2026-10-31' }),
    );
    expect(link.getAttribute('href')).toBe(
      '/api/v2/invoices/export/?format=xero&from=2026-10-01&to=2026-10-31',
    );
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('offers no download while the range ends before it starts, and says why', () => {
    render(<AccountingExportCard />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-31' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(invoiceDocumentMessages.toBeforeFrom)).toBeTruthy();
  });
});
