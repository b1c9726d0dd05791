import PDFDocument from 'pdfkit';
import { drawBarcodeOnDoc, type BarcodeShape } from './barcodes';
import { pointsPerMm } from './label-kit';
import { pdfText } from './pdf-text';

// The receipt printer's documents (receipt, packing slip) are 80 mm paper off a roll: as long as their
// content, no longer. pdfkit lays them out twice — once on a very long page to learn the length, then on
// pages of exactly that length, one per copy. Black only, as thermal paper prints.

export const rollWidth = 80 * pointsPerMm;
const margin = 10;
const draftLength = 14_400;

export type Roll = {
  doc: PDFKit.PDFDocument;
  /** The next line's top. */
  y: number;
  left: number;
  width: number;
};

type TextOptions = {
  font?: 'regular' | 'bold' | 'mono';
  size?: number;
  align?: 'left' | 'center' | 'right';
  gap?: number;
};

const fontNames = { regular: 'Helvetica', bold: 'Helvetica-Bold', mono: 'Courier' } as const;

export const rollText = (roll: Roll, text: string, options: TextOptions = {}) => {
  const { doc } = roll;
  doc.font(fontNames[options.font ?? 'regular']).fontSize(options.size ?? 8);
  const clean = pdfText(text);
  const height = doc.heightOfString(clean, { width: roll.width });
  doc
    .fillColor('#000000')
    .text(clean, roll.left, roll.y, { width: roll.width, align: options.align ?? 'left' });
  roll.y += height + (options.gap ?? 1.5);
};

/** A list line: the marker (a tick box) in its own column, the text wrapping under itself. */
export const rollItem = (roll: Roll, marker: string, text: string, size = 7) => {
  const { doc } = roll;
  const indent = 14;
  doc
    .font(fontNames.mono)
    .fontSize(size)
    .fillColor('#000000')
    .text(pdfText(marker), roll.left, roll.y, { width: indent });
  doc.font(fontNames.regular).fontSize(size);
  const clean = pdfText(text);
  const height = doc.heightOfString(clean, { width: roll.width - indent });
  doc.text(clean, roll.left + indent, roll.y, { width: roll.width - indent });
  roll.y += height + 1.5;
};

/** A label on the left and a value on the right of one line (the value wraps under it when long). */
export const rollPair = (roll: Roll, label: string, value: string, size = 7.5) => {
  const { doc } = roll;
  const labelText = pdfText(label);
  doc.font(fontNames.bold).fontSize(size);
  const labelWidth = Math.min(doc.widthOfString(labelText) + 6, roll.width * 0.45);
  doc.fillColor('#000000').text(labelText, roll.left, roll.y, { width: labelWidth });
  doc.font(fontNames.regular).fontSize(size);
  const valueText = pdfText(value);
  const valueWidth = roll.width - labelWidth;
  const height = doc.heightOfString(valueText, { width: valueWidth });
  doc.text(valueText, roll.left + labelWidth, roll.y, { width: valueWidth, align: 'right' });
  roll.y += Math.max(height, size * 1.2) + 1.5;
};

export const rollRule = (roll: Roll, style: 'solid' | 'dashed' = 'solid', space = 4) => {
  const { doc } = roll;
  roll.y += space / 2;
  doc.save().lineWidth(style === 'solid' ? 0.8 : 0.5);
  if (style === 'dashed') doc.dash(2, { space: 2 });
  doc
    .moveTo(roll.left, roll.y)
    .lineTo(roll.left + roll.width, roll.y)
    .stroke('#000000');
  doc.undash().restore();
  roll.y += space / 2 + 1;
};

export const rollSpace = (roll: Roll, points: number) => {
  roll.y += points;
};

export const rollBarcode = (roll: Roll, shape: BarcodeShape, height: number, width = roll.width) => {
  drawBarcodeOnDoc(roll.doc, shape, { x: roll.left + (roll.width - width) / 2, y: roll.y, width, height });
  roll.y += height + 2;
};

const newDocument = (title: string) =>
  new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: pdfText(title), Creator: 'Lab Cases' } });

const bytesOf = (doc: PDFKit.PDFDocument): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });

/** The roll document: `draw` lays out one copy; every copy is a page of exactly the content's length. */
export const renderRoll = async (
  title: string,
  copies: number,
  draw: (roll: Roll) => void,
): Promise<{ pdf: Buffer; pages: number }> => {
  const draft = newDocument(title);
  draft.addPage({ size: [rollWidth, draftLength], margin: 0 });
  const measure: Roll = { doc: draft, y: margin, left: margin, width: rollWidth - margin * 2 };
  draw(measure);
  const length = Math.ceil(measure.y + margin * 2);
  await bytesOf(draft);

  const doc = newDocument(title);
  for (let copy = 0; copy < copies; copy += 1) {
    doc.addPage({ size: [rollWidth, length], margin: 0 });
    draw({ doc, y: margin, left: margin, width: rollWidth - margin * 2 });
  }
  return { pdf: await bytesOf(doc), pages: copies };
};
