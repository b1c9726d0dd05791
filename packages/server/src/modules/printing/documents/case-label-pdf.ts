import { caseLabelCode, redoTypeLabels } from '@lab/domain';
import type { PDFDocument } from 'pdf-lib';
import type { PrintCase, PrintCollection } from '../load-print-data';
import { barcodeShape, drawBarcodeOnPage } from './barcodes';
import { black, drawBadge, drawFittedText, drawTextRight, type LabelFonts } from './label-kit';
import type { LabIdentity } from './lab-identity';
import { archAndTeeth, dateShown } from './pdf-text';

// The case label (4 × 2 in, the lab's Zebra stock): the case key large, patient, client, job type, arch
// and teeth, the dispatch due date and REDO/VIP badges; a QR code and a Code 128 barcode both carry the
// case key (caseLabelCode), so any scanner at a bench opens the case from Case Search.

export const caseLabelSize = { width: 288, height: 144 };

export type LabelContext = { collection: PrintCollection; lab: LabIdentity; zone: string };

export const drawCaseLabel = (
  doc: PDFDocument,
  fonts: LabelFonts,
  item: PrintCase,
  context: LabelContext,
) => {
  const page = doc.addPage([caseLabelSize.width, caseLabelSize.height]);
  const { collection, lab, zone } = context;
  const code = caseLabelCode(item.case_mkey);

  // Left: the QR code (with its quiet zone), and under it who made it.
  drawBarcodeOnPage(page, barcodeShape('qrcode', code), { x: 4, y: 34, width: 100, height: 100 });
  drawFittedText(page, collection.branch?.code ?? '', {
    x: 12,
    y: 24,
    maxWidth: 84,
    size: 11,
    font: fonts.bold,
  });
  drawFittedText(page, lab.name, { x: 12, y: 13, maxWidth: 88, size: 6, minSize: 5, font: fonts.regular });

  // Right: what the case is.
  const left = 108;
  const right = caseLabelSize.width - 10;
  const width = right - left;
  drawFittedText(page, item.case_mkey, {
    x: left,
    y: 118,
    maxWidth: width - 40,
    size: 21,
    minSize: 14,
    font: fonts.bold,
  });
  if (collection.vip) drawTextRight(page, 'VIP', right, 120, fonts.bold, 12);
  drawFittedText(page, collection.patient_reference, {
    x: left,
    y: 103,
    maxWidth: width,
    size: 11,
    minSize: 8,
    font: fonts.bold,
  });
  drawFittedText(page, collection.client.name, {
    x: left,
    y: 92,
    maxWidth: width,
    size: 8.5,
    minSize: 7,
    font: fonts.regular,
  });
  drawFittedText(page, item.job_type, {
    x: left,
    y: 81,
    maxWidth: width,
    size: 8.5,
    minSize: 7,
    font: fonts.bold,
  });
  drawFittedText(page, archAndTeeth(item.dentate, item.implants), {
    x: left,
    y: 70,
    maxWidth: width,
    size: 8,
    minSize: 6.5,
    font: fonts.regular,
  });
  let badgeX = left;
  if (item.redo_type)
    badgeX +=
      drawBadge(
        page,
        redoTypeLabels[item.redo_type as keyof typeof redoTypeLabels] ?? 'Redo',
        badgeX,
        58,
        fonts.bold,
        7,
      ) + 4;
  drawFittedText(page, `Due ${dateShown(item.internal_due, zone)}`, {
    x: badgeX,
    y: 58,
    maxWidth: right - badgeX,
    size: 8,
    minSize: 6.5,
    font: fonts.regular,
  });

  // Bottom right: the Code 128 of the same key.
  drawBarcodeOnPage(page, barcodeShape('code128', code), {
    x: left - 6,
    y: 14,
    width: width + 12,
    height: 34,
  });
  page.drawLine({ start: { x: left - 2, y: 52 }, end: { x: right, y: 52 }, thickness: 0.5, color: black });
};
