import { z } from 'zod';
import { printTypes } from '../enums';
import { isStorableText, isoDateTime, maxDatabaseInteger, nullableIsoDateTime } from './common';

// Printing (collection-views §2 'Print Options', §5 print dialog, §7 `POST /api/v2/case/{case_mkey}/print/`):
// the documents a case prints, which printers take which document, the print job the server queues and
// sends, the admin's printer records, and the case key a label's barcode carries (scan to open).

export type PrintType = (typeof printTypes)[number];

/** Spec §9: the dialog's document types, in its order. */
export const printDocumentTypes = ['receipt', 'label', 'warranty', 'packing_slip', 'qc', 'udi'] as const;
export type PrintDocumentType = (typeof printDocumentTypes)[number];

export const printDocumentLabels: Record<PrintDocumentType, string> = {
  receipt: 'Receipt',
  label: 'Case Label',
  warranty: 'Warranty Card',
  packing_slip: 'Packing Slip',
  qc: 'QC Checklist',
  udi: 'UDI Label',
};

/** all: the case and the other cases of its group (same group number); one: the case alone. */
export const printBundles = ['all', 'one'] as const;
export type PrintBundle = (typeof printBundles)[number];

/** Spec §9: quantity options 1 to 6. */
export const maxPrintQuantity = 6;
export const printQuantities = [1, 2, 3, 4, 5, 6] as const;

/**
 * Spec §5: receipt printers take receipts and packing slips, label printers the rest. QC is no printer's:
 * it opens the legacy QC page. Document printers (office lasers) are for other documents (invoices).
 */
export const printerTypeForDocument = (documentType: PrintDocumentType): PrintType | null => {
  if (documentType === 'qc') return null;
  return documentType === 'receipt' || documentType === 'packing_slip' ? 'receipt' : 'label';
};

/** Spec §5: Print Related is hidden for QC and UDI (a UDI label names exactly one device). */
export const canPrintRelated = (documentType: PrintDocumentType): boolean =>
  documentType !== 'qc' && documentType !== 'udi';

/** queued: waiting for the printer (also between tries); sent: the printer took it; failed: every try
 * failed; kept: a `pdf` printer, which only keeps the PDF. */
export const printJobStatuses = ['queued', 'sent', 'failed', 'kept'] as const;
export type PrintJobStatus = (typeof printJobStatuses)[number];

export const printJobStatusLabels: Record<PrintJobStatus, string> = {
  queued: 'Queued',
  sent: 'Sent to the printer',
  failed: 'Failed',
  kept: 'Saved as PDF',
};

/** A printer whose destination is this keeps the PDF and sends nothing. */
export const pdfPrinterDestination = 'pdf';

export const printingMessages = {
  dialogTitle: 'Print Options',
  printRelated: 'Print Related',
  noPrinters: 'No printer for this document at your branch',
  unknownDocumentType: 'Unknown document type: choose receipt, label, warranty, packing_slip, qc or udi',
  qcIsLegacy: 'The QC checklist is printed from the QC page, not sent to a printer',
  quantityRange: `Quantity must be between 1 and ${maxPrintQuantity}`,
  mustBeSelected: 'Must be selected',
  blank: 'Cannot be blank',
  unknownBundle: 'Bundle must be all or one',
  printerNotFound: 'Printer not found',
  printerInactive: 'This printer is not in use',
  printerNoAddress: 'This printer has no address yet: an administrator sets one',
  notConfigured: 'Printing is not configured on this server',
  otherBranch: 'This printer is at another branch',
  caseNotFound: 'Case not found',
  printJobNotFound: 'Print job not found',
  pdfMissing: 'The PDF of this print job is no longer stored',
  badDestination: 'Enter an ipp://, ipps://, http:// or https:// printer address, or pdf',
  unknownBranch: 'Unknown branch',
  adminOnly: 'Only administrators manage printers',
  printFailed: 'The document could not be printed, please try again',
} as const;

const documentLabelLower = (documentType: PrintDocumentType): string =>
  printDocumentLabels[documentType].toLowerCase();

/** 400 text for a printer of the wrong kind: says which kind the document needs. */
export const wrongPrinterTypeMessage = (
  documentType: PrintDocumentType,
  printer: { printer_name: string; print_type: PrintType },
): string =>
  `A ${documentLabelLower(documentType)} prints on a ${printerTypeForDocument(documentType) ?? 'label'} printer; ` +
  `${printer.printer_name} is a ${printer.print_type} printer`;

export const printRequestSchema = z.object({
  document_type: z.enum(printDocumentTypes, { error: printingMessages.unknownDocumentType }),
  quantity: z
    .number({ error: printingMessages.quantityRange })
    .int({ error: printingMessages.quantityRange })
    .min(1, { error: printingMessages.quantityRange })
    .max(maxPrintQuantity, { error: printingMessages.quantityRange }),
  printer_id: z
    .number({ error: printingMessages.mustBeSelected })
    .int({ error: printingMessages.mustBeSelected })
    .positive({ error: printingMessages.mustBeSelected })
    .max(maxDatabaseInteger, { error: printingMessages.printerNotFound }),
  bundle: z.enum(printBundles, { error: printingMessages.unknownBundle }).default('one'),
});
export type PrintRequest = z.input<typeof printRequestSchema>;

export const caseMkeyParams = z.object({ case_mkey: z.string().min(1).max(40) });
export const printJobParams = z.object({
  id: z.coerce.number().int().positive().max(maxDatabaseInteger),
});

/** A print job as the dialog shows it; `pdf_url` is GET /api/v2/print_jobs/{id}/pdf/ (staff, bearer). */
export const printJobSchema = z.object({
  id: z.number().int(),
  case_uid: z.uuid(),
  case_mkey: z.string(),
  /** Every case the document holds (the case first; its group too when bundle is all). */
  case_mkeys: z.array(z.string()),
  document_type: z.enum(printDocumentTypes),
  bundle: z.enum(printBundles),
  quantity: z.number().int(),
  printer_id: z.number().int().nullable(),
  printer_name: z.string(),
  status: z.enum(printJobStatuses),
  tries: z.number().int(),
  error: z.string().nullable(),
  pages: z.number().int(),
  requested_by: z.string(),
  created_at: isoDateTime,
  sent_at: nullableIsoDateTime,
  pdf_url: z.string(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

/** `ipp(s)://` or `http(s)://` with a host, or `pdf`. */
export const isPrinterDestination = (value: string): boolean => {
  if (value === pdfPrinterDestination) return true;
  return /^(ipps?|https?):\/\/[a-z0-9._~-]+(:\d{1,5})?(\/[^\s?#]*)?$/i.test(value);
};

/** A printer as the admin manages it (the `me` list shows only id, name and type). */
export const printerRecordSchema = z.object({
  id: z.number().int(),
  printer_name: z.string(),
  print_type: z.enum(printTypes),
  branch_id: z.number().int().nullable(),
  branch: z.string().nullable(),
  destination: z.string().nullable(),
  is_active: z.boolean(),
});
export type PrinterRecord = z.infer<typeof printerRecordSchema>;

export const printerInputSchema = z.object({
  printer_name: z
    .string({ error: printingMessages.blank })
    .trim()
    .min(1, { error: printingMessages.blank })
    .max(120)
    .refine(isStorableText, { error: printingMessages.blank }),
  print_type: z.enum(printTypes, { error: printingMessages.mustBeSelected }),
  branch_id: z
    .number({ error: printingMessages.mustBeSelected })
    .int()
    .positive()
    .max(maxDatabaseInteger, { error: printingMessages.unknownBranch }),
  destination: z
    .string({ error: printingMessages.badDestination })
    .trim()
    .max(500)
    .refine(isPrinterDestination, { error: printingMessages.badDestination }),
  is_active: z.boolean().default(true),
});
export type PrinterInput = z.input<typeof printerInputSchema>;

/** PATCH: the fields to change; those left out stay as they are. */
export const printerPatchSchema = printerInputSchema.partial();

export const printerParams = z.object({
  printer_id: z.coerce.number().int().positive().max(maxDatabaseInteger),
});

/**
 * What a case label's barcodes carry: the case key itself ('100123-01'), readable by a person and typed
 * by a scanner (a keyboard) into Case Search, which opens the case.
 */
export const caseLabelCode = (caseMkey: string): string => caseMkey;

const scannedCaseKeyPattern = /^\d{6,9}-\d{2,3}$/;

/** The case key of a scanned label (or a typed full key), else null: then the text is a plain search. */
export const readScannedCaseKey = (text: string): string | null => {
  const trimmed = text.trim();
  return scannedCaseKeyPattern.test(trimmed) ? trimmed : null;
};

/** GET /api/v2/case_labels/{case_mkey}/: where a scanned case key leads. */
export const caseLabelLookupSchema = z.object({
  case_mkey: z.string(),
  case_uid: z.uuid(),
  collection_uid: z.uuid(),
});
export type CaseLabelLookup = z.infer<typeof caseLabelLookupSchema>;
