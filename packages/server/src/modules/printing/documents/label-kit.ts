import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { pdfText } from './pdf-text';

// What the pdf-lib documents (labels and the warranty card) share: the standard fonts, text that fits its
// space (smaller down to a floor, then cut with an ellipsis), and the black-box badges thermal label
// printers print well (no greys, no colour).

export type LabelFonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont };

export const pointsPerMm = 72 / 25.4;
export const black = rgb(0, 0, 0);
export const white = rgb(1, 1, 1);

export const createLabelDocument = async (
  title: string,
): Promise<{ doc: PDFDocument; fonts: LabelFonts }> => {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfText(title));
  doc.setCreator('Lab Cases');
  doc.setProducer('Lab Cases (pdf-lib)');
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  return { doc, fonts };
};

type TextBox = { x: number; y: number; maxWidth: number; size: number; font: PDFFont; minSize?: number };

/** The text at the largest size (down to minSize) that fits, else cut with an ellipsis at minSize. */
export const fitText = (text: string, box: Omit<TextBox, 'x' | 'y'>): { text: string; size: number } => {
  const clean = pdfText(text).replace(/\n/g, ' ');
  const floor = box.minSize ?? box.size;
  for (let size = box.size; size >= floor; size -= 0.5) {
    if (box.font.widthOfTextAtSize(clean, size) <= box.maxWidth) return { text: clean, size };
  }
  let cut = clean;
  while (cut.length > 1 && box.font.widthOfTextAtSize(`${cut}…`, floor) > box.maxWidth)
    cut = cut.slice(0, -1);
  return { text: `${cut.trimEnd()}…`, size: floor };
};

export const drawFittedText = (page: PDFPage, text: string, box: TextBox): number => {
  const fitted = fitText(text, box);
  page.drawText(fitted.text, { x: box.x, y: box.y, size: fitted.size, font: box.font, color: black });
  return box.font.widthOfTextAtSize(fitted.text, fitted.size);
};

/** Right-aligned at `right`. */
export const drawTextRight = (
  page: PDFPage,
  text: string,
  right: number,
  y: number,
  font: PDFFont,
  size: number,
) => {
  const clean = pdfText(text).replace(/\n/g, ' ');
  page.drawText(clean, { x: right - font.widthOfTextAtSize(clean, size), y, size, font, color: black });
};

/** White text on a black box (REDO, VIP, VOID …); answers the box's width. */
export const drawBadge = (
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  font: PDFFont,
  size: number,
): number => {
  const clean = pdfText(text).replace(/\n/g, ' ');
  const padding = size * 0.35;
  const width = font.widthOfTextAtSize(clean, size) + padding * 2;
  page.drawRectangle({ x, y: y - padding * 0.8, width, height: size + padding * 1.4, color: black });
  page.drawText(clean, { x: x + padding, y: y + size * 0.12, size, font, color: white });
  return width;
};

/** Wraps text into lines no wider than maxWidth (words kept whole unless one alone is too wide). */
export const wrapText = (text: string, font: PDFFont, size: number, maxWidth: number): string[] => {
  const lines: string[] = [];
  for (const paragraph of pdfText(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth || line === '') line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
};
