import { caseLabelCode } from '@lab/domain';
import { DateTime } from 'luxon';
import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { PrintCase } from '../load-print-data';
import { barcodeShape, drawBarcodeOnPage } from './barcodes';
import type { LabelContext } from './case-label-pdf';
import { black, drawFittedText, fitText, white, wrapText, type LabelFonts } from './label-kit';
import { archAndTeeth, dateShown } from './pdf-text';

// The warranty card (4 × 6 in label stock, packed with the work for the patient's file): who made what
// for whom, the material and its batch, the implants, and the warranty term from the dispatch date — or,
// for a case whose warranty is void (an outside-envelope design the client approved, or set by the lab),
// a plain statement that it is not covered.

export const warrantyCardSize = { width: 288, height: 432 };

/** Years of cover by product class: final prostheses five, everything else (try-ins, guides …) one. */
export const warrantyYearsOf = (productClass: string): number =>
  productClass === 'Final Prosthesis' ? 5 : 1;

const conditions = [
  'Covers fracture, debonding and fit defects of the restoration under normal use.',
  'Not covered: trauma, parafunction without a night guard, changes by a third party, or failure of the implant itself.',
  'Claims through the treating practice, quoting the case number below.',
];

/** '14 16 Nobel Biocare CC RP; 24 Straumann BLT RC': teeth grouped by platform. */
const implantsByPlatform = (implants: PrintCase['implants']): string => {
  const groups = new Map<string, number[]>();
  for (const implant of implants) {
    const platform = implant.platform ?? 'pontic';
    groups.set(platform, [...(groups.get(platform) ?? []), implant.tooth]);
  }
  return [...groups].map(([platform, teeth]) => `${teeth.join(' ')} ${platform}`).join('; ') || 'None';
};

const drawRow = (page: PDFPage, fonts: LabelFonts, label: string, value: string, y: number) => {
  page.drawText(label.toUpperCase(), { x: 18, y, size: 6.5, font: fonts.bold, color: black });
  drawFittedText(page, value, { x: 96, y, maxWidth: 174, size: 9, minSize: 6.5, font: fonts.regular });
  page.drawLine({ start: { x: 18, y: y - 5 }, end: { x: 270, y: y - 5 }, thickness: 0.3, color: black });
};

export const drawWarrantyCard = (
  doc: PDFDocument,
  fonts: LabelFonts,
  item: PrintCase,
  context: LabelContext,
) => {
  const { collection, lab, zone } = context;
  const page = doc.addPage([warrantyCardSize.width, warrantyCardSize.height]);
  const { width, height } = warrantyCardSize;

  // A black band with the lab's name in white: thermal label printers print solid black, not colour.
  page.drawRectangle({ x: 0, y: height - 64, width, height: 64, color: black });
  const name = fitText(lab.name, { maxWidth: width - 36, size: 15, minSize: 10, font: fonts.bold });
  page.drawText(name.text, { x: 18, y: height - 30, size: name.size, font: fonts.bold, color: white });
  page.drawText('WARRANTY CARD', { x: 18, y: height - 50, size: 11, font: fonts.bold, color: white });

  const start = item.date_dispatched ?? new Date();
  const years = warrantyYearsOf(item.product_class);
  const until = DateTime.fromJSDate(start, { zone }).plus({ years }).toJSDate();

  let y = height - 90;
  const rows: [string, string][] = [
    ['Patient', collection.patient_reference],
    ['Practice', collection.client.name],
    ['Case', item.case_mkey],
    ['Restoration', item.job_type],
    ['Arch / teeth', archAndTeeth(item.dentate, item.implants)],
    [
      'Material',
      [
        item.material ?? item.material_type ?? '-',
        item.material_batch_number ? `batch ${item.material_batch_number}` : null,
      ]
        .filter(Boolean)
        .join(', '),
    ],
    ['Implants', implantsByPlatform(item.implants)],
    ['Dispatched', dateShown(item.date_dispatched, zone)],
  ];
  for (const [label, value] of rows) {
    drawRow(page, fonts, label, value, y);
    y -= 19;
  }

  y -= 8;
  if (item.warranty_void) {
    page.drawRectangle({ x: 18, y: y - 34, width: width - 36, height: 44, color: black });
    page.drawText('WARRANTY VOID', { x: 28, y: y - 8, size: 13, font: fonts.bold, color: white });
    page.drawText('This restoration is not covered by the laboratory warranty.', {
      x: 28,
      y: y - 24,
      size: 7,
      font: fonts.regular,
      color: white,
    });
  } else {
    page.drawRectangle({
      x: 18,
      y: y - 34,
      width: width - 36,
      height: 44,
      borderColor: black,
      borderWidth: 1.5,
    });
    page.drawText(`${years}-YEAR WARRANTY`, { x: 28, y: y - 8, size: 13, font: fonts.bold, color: black });
    drawFittedText(page, `Valid from ${dateShown(start, zone)} until ${dateShown(until, zone)}`, {
      x: 28,
      y: y - 24,
      maxWidth: width - 56,
      size: 8.5,
      font: fonts.regular,
    });
  }

  y -= 52;
  for (const condition of conditions) {
    for (const line of wrapText(`•  ${condition}`, fonts.regular, 7, width - 36)) {
      page.drawText(line, { x: 18, y, size: 7, font: fonts.regular, color: black });
      y -= 9.5;
    }
    y -= 2;
  }

  drawBarcodeOnPage(page, barcodeShape('qrcode', caseLabelCode(item.case_mkey)), {
    x: 14,
    y: 14,
    width: 64,
    height: 64,
  });
  page.drawText(lab.branch, { x: 84, y: 52, size: 8, font: fonts.bold, color: black });
  page.drawText(`${lab.phone}  ·  ${lab.web}`, { x: 84, y: 40, size: 7, font: fonts.regular, color: black });
  page.drawText(`Keep this card with the patient's records.`, {
    x: 84,
    y: 28,
    size: 7,
    font: fonts.regular,
    color: black,
  });
};
