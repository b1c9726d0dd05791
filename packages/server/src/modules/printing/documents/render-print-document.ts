import { printDocumentLabels, type PrintDocumentType } from '@lab/domain';
import type { PrintCase, PrintCollection, PrintDispatch } from '../load-print-data';
import { drawCaseLabel } from './case-label-pdf';
import { createLabelDocument } from './label-kit';
import { labIdentityOf } from './lab-identity';
import { renderPackingSlip } from './packing-slip-pdf';
import { renderReceipt } from './receipt-pdf';
import { drawUdiLabels } from './udi-label-pdf';
import { drawWarrantyCard } from './warranty-card-pdf';

// One print job's PDF. Labels, warranty cards and UDI labels are one (or more) label per case; the
// receipt and the packing slip are one roll document for all the cases. `quantity` copies are rendered
// into the PDF, collated (every case, then every case again), so any printer prints them all.

export type PrintableDocument = Exclude<PrintDocumentType, 'qc'>;

export type RenderInput = {
  documentType: PrintableDocument;
  quantity: number;
  /** The printed case first, then the rest of the bundle. */
  cases: PrintCase[];
  collection: PrintCollection;
  /** The dispatch that sent the printed case (packing slip), if any. */
  dispatch: PrintDispatch | null;
  printedBy: string;
  gs1CompanyPrefix: string;
  now: Date;
};

export const renderPrintDocument = async (input: RenderInput): Promise<{ pdf: Buffer; pages: number }> => {
  const lab = labIdentityOf(input.collection);
  const zone = input.collection.branch?.time_zone ?? 'Australia/Melbourne';
  const context = { collection: input.collection, lab, zone };
  if (input.documentType === 'receipt') {
    return renderReceipt(
      { ...context, cases: input.cases, printedAt: input.now, printedBy: input.printedBy },
      input.quantity,
    );
  }
  if (input.documentType === 'packing_slip') {
    return renderPackingSlip(
      { ...context, cases: input.cases, dispatch: input.dispatch, printedAt: input.now },
      input.quantity,
    );
  }
  const title = `${printDocumentLabels[input.documentType]} ${input.cases.map((c) => c.case_mkey).join(' ')}`;
  const { doc, fonts } = await createLabelDocument(title);
  for (let copy = 0; copy < input.quantity; copy += 1) {
    for (const item of input.cases) {
      if (input.documentType === 'label') drawCaseLabel(doc, fonts, item, context);
      else if (input.documentType === 'warranty') drawWarrantyCard(doc, fonts, item, context);
      else
        drawUdiLabels(doc, fonts, item, {
          ...context,
          gs1CompanyPrefix: input.gs1CompanyPrefix,
          now: input.now,
        });
    }
  }
  return { pdf: Buffer.from(await doc.save()), pages: doc.getPageCount() };
};
