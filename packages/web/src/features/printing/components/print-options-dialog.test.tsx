import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { printingMessages, type PrintJob } from '@lab/domain';
import { ConfProvider } from '../../../lib/conf';
import { json, stubFetch, type Answer } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import type { Printer } from '../print-dialog-rules';
import { PrintOptionsDialog } from './print-options-dialog';

const conf = {
  backend_url: 'http://localhost',
  order_entry_platform_url: 'https://order.example.com',
  file_transfer_url: 'http://localhost/files',
  error_reporting_environment: 'test',
  partner_platform_url: 'https://partners.example.com',
};

const printers: Printer[] = [
  { id: 11, printer_name: 'Melbourne Lab Label (Zebra)', print_type: 'label' },
  { id: 12, printer_name: 'Melbourne Front Desk Receipt', print_type: 'receipt' },
  { id: 13, printer_name: 'Melbourne Dispatch Label (Zebra)', print_type: 'label' },
  { id: 14, printer_name: 'Melbourne Office Laser', print_type: 'document' },
];

const caseItem = { uid: '6c1f1f9e-3f55-4d8e-9c55-0f7f3b0c2a11', case_mkey: '120034-01' };

const aJob = (overrides: Partial<PrintJob> = {}): PrintJob => ({
  id: 41,
  case_uid: caseItem.uid,
  case_mkey: caseItem.case_mkey,
  case_mkeys: [caseItem.case_mkey, '120034-02'],
  document_type: 'label',
  bundle: 'all',
  quantity: 2,
  printer_id: 13,
  printer_name: 'Melbourne Dispatch Label (Zebra)',
  status: 'queued',
  tries: 0,
  error: null,
  pages: 4,
  requested_by: 'polisher',
  created_at: '2026-11-24T05:00:00.000Z',
  sent_at: null,
  pdf_url: '/api/v2/print_jobs/41/pdf/',
  ...overrides,
});

const renderDialog = (answer?: Answer) => {
  const calls = stubFetch(answer);
  const onClose = vi.fn();
  renderWithQueries(
    <ConfProvider conf={conf}>
      <PrintOptionsDialog isOpen caseItem={caseItem} printers={printers} onClose={onClose} />
    </ConfProvider>,
  );
  return { calls, onClose };
};

const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

const optionsOf = async (label: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const names = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return names;
};

const printButton = () => screen.getByRole('button', { name: 'Print' });

describe('PrintOptionsDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers the six documents, label printers by name, quantities 1 to 6, and Print Related', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: /Print Options · 120034-01/ })).toBeTruthy();
    expect(await optionsOf('Document')).toEqual([
      'Receipt',
      'Case Label',
      'Warranty Card',
      'Packing Slip',
      'QC Checklist',
      'UDI Label',
    ]);
    expect(await optionsOf('Printer')).toEqual([
      'Melbourne Dispatch Label (Zebra)',
      'Melbourne Lab Label (Zebra)',
    ]);
    expect(await optionsOf('Quantity')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(screen.getByRole('checkbox', { name: printingMessages.printRelated })).toBeTruthy();
  });

  it('keeps Print disabled until a printer is chosen, and offers receipt printers for a packing slip', async () => {
    renderDialog();
    expect(printButton()).toHaveProperty('disabled', true);
    await choose('Printer', 'Melbourne Lab Label (Zebra)');
    expect(printButton()).toHaveProperty('disabled', false);
    await choose('Document', 'Packing Slip');
    // The label printer is no choice for a packing slip: Print waits for a receipt printer.
    expect(printButton()).toHaveProperty('disabled', true);
    expect(await optionsOf('Printer')).toEqual(['Melbourne Front Desk Receipt']);
  });

  it('hides the printer, quantity and Print Related for QC, whose Print opens the legacy QC page', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { calls } = renderDialog();
    await choose('Document', 'QC Checklist');
    expect(screen.queryByRole('combobox', { name: 'Printer' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Quantity' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: printingMessages.printRelated })).toBeNull();
    expect(printButton()).toHaveProperty('disabled', false);
    fireEvent.click(printButton());
    expect(open).toHaveBeenCalledWith(
      `https://order.example.com/case/${caseItem.uid}/qc-checklist/`,
      '_blank',
      'noopener',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('hides Print Related for a UDI label but keeps its printer and quantity', async () => {
    renderDialog();
    await choose('Document', 'UDI Label');
    expect(screen.queryByRole('checkbox', { name: printingMessages.printRelated })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Printer' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Quantity' })).toBeTruthy();
  });

  it('prints, then shows the job until the printer took it, with its PDF', async () => {
    let reads = 0;
    const { calls } = renderDialog((call) => {
      if (call.method === 'POST') return json(aJob(), 201);
      if (call.path === '/api/v2/print_jobs/41/') {
        reads += 1;
        return json(aJob({ status: 'sent', tries: 1, sent_at: '2026-11-24T05:00:02.000Z' }));
      }
      return undefined;
    });
    await choose('Printer', 'Melbourne Dispatch Label (Zebra)');
    await choose('Quantity', '2');
    fireEvent.click(screen.getByRole('checkbox', { name: printingMessages.printRelated }));
    fireEvent.click(printButton());
    await waitFor(
      () => expect(screen.getByTestId('print-job-status').textContent).toBe('Sent to the printer'),
      {
        timeout: 4_000,
      },
    );
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/v2/case/120034-01/print/',
      body: { document_type: 'label', quantity: 2, printer_id: 13, bundle: 'all' },
    });
    expect(reads).toBeGreaterThan(0);
    const status = screen.getByRole('alert', { name: 'Print job' });
    expect(status.textContent).toContain(
      'Case Label 120034-01, 120034-02 · Melbourne Dispatch Label (Zebra) · 4 pages',
    );
    expect(within(status).getByRole('link', { name: 'Open PDF' }).getAttribute('href')).toMatch(/\/pdf\/$/);
  });

  it("shows the server's refusal", async () => {
    renderDialog((call) =>
      call.method === 'POST'
        ? json({ error: { code: 'validation_failed', message: printingMessages.otherBranch } }, 400)
        : undefined,
    );
    await choose('Printer', 'Melbourne Lab Label (Zebra)');
    fireEvent.click(printButton());
    expect(await screen.findByText(printingMessages.otherBranch)).toBeTruthy();
  });
});
