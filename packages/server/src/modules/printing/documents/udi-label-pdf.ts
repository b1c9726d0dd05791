import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { PrintCase } from '../load-print-data';
import { barcodeShape, drawBarcodeOnPage } from './barcodes';
import { deviceUdiElements, gs1ElementString, gtin14, partElements } from './gs1';
import { black, drawBadge, drawFittedText, drawTextRight, type LabelFonts } from './label-kit';
import type { LabelContext } from './case-label-pdf';
import { dateShown } from './pdf-text';

// The UDI label (4 × 3 in): the device's UDI as a GS1 DataMatrix with its element string in full —
// (01) GTIN of the job type, (11) production date, (10) the material batch when recorded, (21) the case
// key as serial — and the parts it is built on, each with the lot number the warehouse recorded on the
// picking slip as (240) code (10) lot. Parts past the first label continue on further labels.

export const udiLabelSize = { width: 288, height: 216 };
const partsPerFirstLabel = 4;
const partsPerNextLabel = 11;

export type UdiContext = LabelContext & { gs1CompanyPrefix: string; now: Date };

/** The device UDI of a case (also what tests read back from the symbol). */
export const deviceUdiOf = (
  item: PrintCase,
  context: Pick<UdiContext, 'gs1CompanyPrefix' | 'zone' | 'now'>,
) =>
  gs1ElementString(
    deviceUdiElements({
      gtin: gtin14(context.gs1CompanyPrefix, item.job_type_id),
      productionDate: item.date_machining_complete ?? item.date_dispatched ?? context.now,
      zone: context.zone,
      lot: item.material_batch_number,
      serial: item.case_mkey,
    }),
  );

type PartRow = { code: string; description: string; quantity: number; lot: string | null };

const partRows = (item: PrintCase): PartRow[] =>
  item.parts.flatMap((part): PartRow[] =>
    part.lots.length === 0
      ? [{ code: part.code, description: part.description, quantity: part.quantity, lot: null }]
      : part.lots.map((lot) => ({
          code: part.code,
          description: part.description,
          quantity: part.quantity,
          lot,
        })),
  );

const drawPartsTable = (page: PDFPage, fonts: LabelFonts, rows: PartRow[], top: number) => {
  const left = 10;
  const right = udiLabelSize.width - 10;
  page.drawText('PART', { x: left, y: top, size: 6, font: fonts.bold, color: black });
  page.drawText('LOT', { x: 196, y: top, size: 6, font: fonts.bold, color: black });
  drawTextRight(page, 'QTY', right, top, fonts.bold, 6);
  page.drawLine({
    start: { x: left, y: top - 3 },
    end: { x: right, y: top - 3 },
    thickness: 0.5,
    color: black,
  });
  rows.forEach((row, index) => {
    const y = top - 13 - index * 14;
    drawFittedText(page, `${row.code}  ${row.description}`, {
      x: left,
      y,
      maxWidth: 180,
      size: 7,
      minSize: 5.5,
      font: fonts.regular,
    });
    drawFittedText(page, gs1ElementString(partElements(row.code, row.lot)), {
      x: left,
      y: y - 6.5,
      maxWidth: 180,
      size: 5.5,
      minSize: 4.5,
      font: fonts.mono,
    });
    drawFittedText(page, row.lot ?? 'not picked', {
      x: 196,
      y,
      maxWidth: 64,
      size: 7,
      minSize: 5.5,
      font: row.lot ? fonts.bold : fonts.regular,
    });
    drawTextRight(page, String(row.quantity), right, y, fonts.regular, 7);
  });
};

export const drawUdiLabels = (doc: PDFDocument, fonts: LabelFonts, item: PrintCase, context: UdiContext) => {
  const { collection, lab, zone } = context;
  const udi = deviceUdiOf(item, context);
  const rows = partRows(item);
  const first = doc.addPage([udiLabelSize.width, udiLabelSize.height]);
  const right = udiLabelSize.width - 10;

  // Header: the symbols of ISO 15223-1 a device label carries (MD, UDI) and what the device is.
  let x = 10;
  x += drawBadge(first, 'MD', x, 196, fonts.bold, 9) + 4;
  x += drawBadge(first, 'UDI', x, 196, fonts.bold, 9) + 6;
  drawFittedText(first, item.job_type, {
    x,
    y: 196,
    maxWidth: right - x,
    size: 11,
    minSize: 8,
    font: fonts.bold,
  });
  drawFittedText(first, `Custom-made device for patient ${collection.patient_reference}`, {
    x: 10,
    y: 182,
    maxWidth: right - 10,
    size: 7.5,
    minSize: 6,
    font: fonts.regular,
  });

  // The DataMatrix and the element string it carries, one AI a line.
  drawBarcodeOnPage(first, barcodeShape('gs1datamatrix', udi), { x: 8, y: 96, width: 80, height: 80 });
  const elementLines = udi.match(/\(\d+\)[^(]*/g) ?? [];
  elementLines.forEach((line, index) => {
    drawFittedText(first, line, {
      x: 96,
      y: 164 - index * 12,
      maxWidth: right - 96,
      size: 8.5,
      minSize: 6.5,
      font: fonts.mono,
    });
  });
  drawFittedText(
    first,
    `Case ${item.case_mkey}  ·  ${item.material ?? item.material_type ?? 'Material not recorded'}`,
    {
      x: 96,
      y: 112,
      maxWidth: right - 96,
      size: 7,
      minSize: 6,
      font: fonts.regular,
    },
  );
  drawFittedText(first, `${lab.name}, ${lab.branch}`, {
    x: 96,
    y: 101,
    maxWidth: right - 96,
    size: 6.5,
    minSize: 5,
    font: fonts.regular,
  });

  const slip = item.picking_slip;
  const source = slip
    ? slip.picked_at
      ? `Lots from picking slip #${slip.id}, picked ${dateShown(slip.picked_at, zone)}`
      : `Picking slip #${slip.id} not picked yet`
    : 'No picking slip: parts as requested';
  drawFittedText(first, source, {
    x: 10,
    y: 86,
    maxWidth: right - 10,
    size: 6.5,
    minSize: 5,
    font: fonts.regular,
  });
  if (rows.length === 0) {
    drawFittedText(first, 'No parts recorded for this device', {
      x: 10,
      y: 70,
      maxWidth: right - 10,
      size: 7.5,
      font: fonts.regular,
    });
    return;
  }
  drawPartsTable(first, fonts, rows.slice(0, partsPerFirstLabel), 74);
  // More parts than one label holds: continuation labels, each saying whose they are.
  for (let start = partsPerFirstLabel; start < rows.length; start += partsPerNextLabel) {
    const page = doc.addPage([udiLabelSize.width, udiLabelSize.height]);
    drawFittedText(page, `${item.case_mkey} parts (continued)`, {
      x: 10,
      y: 196,
      maxWidth: right - 10,
      size: 10,
      font: fonts.bold,
    });
    drawPartsTable(page, fonts, rows.slice(start, start + partsPerNextLabel), 176);
  }
};
