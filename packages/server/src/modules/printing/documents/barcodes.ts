import bwipjs from 'bwip-js/node';
import { rgb, type PDFPage } from 'pdf-lib';

// Barcodes as vector rectangles: bwip-js encodes (QR, Code 128, GS1 DataMatrix — checked against the
// symbologies' rules, GS1 check digits included) and answers the symbol as modules; each document draws
// them as filled rectangles, so they stay sharp at any printer resolution. Sizes are in module units;
// quiet zones are the caller's margin.

export type BarcodeKind = 'qrcode' | 'code128' | 'gs1datamatrix';

export type BarcodeShape = {
  /** Width in modules. */
  columns: number;
  /** Height in modules; 1 for a linear symbol (the caller picks its bar height). */
  rows: number;
  rects: { x: number; y: number; width: number; height: number }[];
  /** Modules of clear space the symbology asks for on each side. */
  quietZone: number;
};

type MatrixRaw = { pixs: number[]; pixx: number; pixy: number };
type LinearRaw = { sbs: number[] };

const matrixShape = ({ pixs, pixx, pixy }: MatrixRaw, quietZone: number): BarcodeShape => {
  const rects: BarcodeShape['rects'] = [];
  for (let row = 0; row < pixy; row += 1) {
    let column = 0;
    while (column < pixx) {
      if (pixs[row * pixx + column] !== 1) {
        column += 1;
        continue;
      }
      // One rectangle per run of dark modules in a row.
      const start = column;
      while (column < pixx && pixs[row * pixx + column] === 1) column += 1;
      rects.push({ x: start, y: row, width: column - start, height: 1 });
    }
  }
  return { columns: pixx, rows: pixy, rects, quietZone };
};

const linearShape = ({ sbs }: LinearRaw): BarcodeShape => {
  const rects: BarcodeShape['rects'] = [];
  let x = 0;
  sbs.forEach((width, index) => {
    // bar, space, bar, … starting with a bar.
    if (index % 2 === 0) rects.push({ x, y: 0, width, height: 1 });
    x += width;
  });
  return { columns: x, rows: 1, rects, quietZone: 10 };
};

export const barcodeShape = (kind: BarcodeKind, text: string): BarcodeShape => {
  const options = kind === 'qrcode' ? { bcid: kind, text, eclevel: 'M' } : { bcid: kind, text };
  const [raw] = bwipjs.raw(options) as unknown as (MatrixRaw | LinearRaw)[];
  if (!raw) throw new Error(`bwip-js encoded nothing for ${kind}`);
  if ('sbs' in raw) return linearShape(raw);
  return matrixShape(raw, kind === 'qrcode' ? 4 : 1);
};

export type Box = { x: number; y: number; width: number; height: number };

/**
 * Module size and where the symbol starts: the box holds the symbol and its quiet zone; a matrix symbol
 * keeps square modules and is centred; a linear one takes the box's height for its bars.
 */
const placeSymbol = (shape: BarcodeShape, box: Box) => {
  const across = shape.columns + 2 * shape.quietZone;
  const isLinear = shape.rows === 1;
  const moduleWidth = isLinear
    ? box.width / across
    : Math.min(box.width / across, box.height / (shape.rows + 2 * shape.quietZone));
  const moduleHeight = isLinear ? box.height : moduleWidth;
  return {
    moduleWidth,
    moduleHeight,
    offsetX: box.x + (box.width - moduleWidth * shape.columns) / 2,
    // From the box's top edge down to the symbol's top.
    offsetY: (box.height - moduleHeight * shape.rows) / 2,
  };
};

/**
 * Draws the symbol to fill `box` (pdf-lib: y is the box's bottom edge). Matrix symbols keep square
 * modules, centred in the box.
 */
export const drawBarcodeOnPage = (page: PDFPage, shape: BarcodeShape, box: Box): void => {
  const { moduleWidth, moduleHeight, offsetX, offsetY } = placeSymbol(shape, box);
  const top = box.y + box.height - offsetY;
  for (const rect of shape.rects) {
    page.drawRectangle({
      x: offsetX + rect.x * moduleWidth,
      y: top - (rect.y + rect.height) * moduleHeight,
      width: rect.width * moduleWidth,
      height: rect.height * moduleHeight,
      color: rgb(0, 0, 0),
    });
  }
};

/** The same for pdfkit (y is the box's top edge, growing downwards). */
export const drawBarcodeOnDoc = (doc: PDFKit.PDFDocument, shape: BarcodeShape, box: Box): void => {
  const placed = placeSymbol(shape, box);
  const { moduleWidth, moduleHeight, offsetX } = placed;
  const offsetY = box.y + placed.offsetY;
  doc.save();
  for (const rect of shape.rects) {
    doc.rect(
      offsetX + rect.x * moduleWidth,
      offsetY + rect.y * moduleHeight,
      rect.width * moduleWidth,
      rect.height * moduleHeight,
    );
  }
  doc.fill('#000000');
  doc.restore();
};
