import { describe, expect, it } from 'vitest';
import {
  arePrinterAndQuantityShown,
  isPrintEnabled,
  isPrintRelatedShown,
  legacyQcUrl,
  listPrintersFor,
  type Printer,
} from './print-dialog-rules';

const printers: Printer[] = [
  { id: 1, printer_name: 'Zebra Lab', print_type: 'label' },
  { id: 2, printer_name: 'Front Desk', print_type: 'receipt' },
  { id: 3, printer_name: 'Dispatch Zebra', print_type: 'label' },
  { id: 4, printer_name: 'Office Laser', print_type: 'document' },
  { id: 5, printer_name: 'Back Office Receipt', print_type: 'receipt' },
];

describe('the print dialog rules', () => {
  it('offers receipt printers for receipts and packing slips, label printers for the rest, by name', () => {
    const names = (type: Parameters<typeof listPrintersFor>[1]) =>
      listPrintersFor(printers, type).map((p) => p.printer_name);
    expect(names('receipt')).toEqual(['Back Office Receipt', 'Front Desk']);
    expect(names('packing_slip')).toEqual(['Back Office Receipt', 'Front Desk']);
    for (const type of ['label', 'warranty', 'udi'] as const)
      expect(names(type)).toEqual(['Dispatch Zebra', 'Zebra Lab']);
    expect(names('qc')).toEqual([]);
  });

  it('enables Print once a printer of the right kind is chosen, and always for QC', () => {
    expect(isPrintEnabled('label', null, printers)).toBe(false);
    expect(isPrintEnabled('label', 2, printers)).toBe(false);
    expect(isPrintEnabled('label', 3, printers)).toBe(true);
    expect(isPrintEnabled('packing_slip', 5, printers)).toBe(true);
    expect(isPrintEnabled('qc', null, printers)).toBe(true);
  });

  it('hides Print Related for QC and UDI, and the printer and quantity for QC', () => {
    expect(
      ['receipt', 'label', 'warranty', 'packing_slip', 'qc', 'udi'].map((t) =>
        isPrintRelatedShown(t as 'qc'),
      ),
    ).toEqual([true, true, true, true, false, false]);
    expect(arePrinterAndQuantityShown('qc')).toBe(false);
    expect(arePrinterAndQuantityShown('udi')).toBe(true);
  });

  it("opens the order-entry platform's QC checklist", () => {
    expect(legacyQcUrl('https://order.example.com/', 'a b')).toBe(
      'https://order.example.com/case/a%20b/qc-checklist/',
    );
  });
});
