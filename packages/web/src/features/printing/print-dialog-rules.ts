import { canPrintRelated, printerTypeForDocument, type Me, type PrintDocumentType } from '@lab/domain';

// The Print Options dialog's rules (collection-views §5 'Print dialog'), pure so tests pin them down.

export type Printer = Me['printers'][number];

/** Printers of the kind the document needs (receipt for receipt and packing slip, label otherwise), by name. */
export const listPrintersFor = (printers: readonly Printer[], documentType: PrintDocumentType): Printer[] => {
  const printType = printerTypeForDocument(documentType);
  if (printType === null) return [];
  return printers
    .filter((printer) => printer.print_type === printType)
    .toSorted((a, b) => a.printer_name.localeCompare(b.printer_name) || a.id - b.id);
};

/** QC uses the legacy page: no printer, no quantity, always enabled. */
export const isQc = (documentType: PrintDocumentType): boolean => documentType === 'qc';

export const arePrinterAndQuantityShown = (documentType: PrintDocumentType): boolean => !isQc(documentType);

/** Print Related is hidden for QC and UDI. */
export const isPrintRelatedShown = (documentType: PrintDocumentType): boolean =>
  canPrintRelated(documentType);

/** Print is disabled until a printer (of the document's kind) is chosen, except for QC. */
export const isPrintEnabled = (
  documentType: PrintDocumentType,
  printerId: number | null,
  printers: readonly Printer[],
): boolean => isQc(documentType) || listPrintersFor(printers, documentType).some((p) => p.id === printerId);

/** The legacy QC checklist of the order-entry platform (spec §1), opened in a new window. */
export const legacyQcUrl = (orderEntryPlatformUrl: string, caseUid: string): string =>
  `${orderEntryPlatformUrl.replace(/\/+$/, '')}/case/${encodeURIComponent(caseUid)}/qc-checklist/`;
