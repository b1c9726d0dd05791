import PDFDocument from 'pdfkit';
import type { Letterhead } from './lab-letterhead';
import { winAnsiText } from './win-ansi-text';

// What the lab's PDFs (invoices, statements) draw alike: A4 with the letterhead, text placed without
// pdfkit's automatic page breaks, rules, the footer on every page, and the document whole in memory.
// pdfkit's built-in Helvetica needs no font files; it only encodes Windows-1252, so every text goes
// through winAnsiText first.

export type Doc = PDFKit.PDFDocument;

export const pageMargin = 48;
export const footerSpace = 28;
export const colors = {
  text: '#1d2430',
  muted: '#5f6b7a',
  rule: '#d5dbe3',
  zebra: '#f4f6f9',
  note: '#fff6e0',
};
export const fontSize = { body: 9, small: 8, label: 7.5 };
export const cellPadding = { x: 5, y: 5 };
// A line's description may be long; a row never takes more than this, the rest ends in an ellipsis.
export const maxRowHeight = 200;

/** Draws text at a position without pdfkit's automatic page break (footers sit in the bottom margin). */
export const textAt = (
  doc: Doc,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions = {},
) => {
  doc.text(winAnsiText(text), x, y, { lineBreak: options.width !== undefined, ...options });
};

export const heightOf = (doc: Doc, text: string, width: number): number =>
  doc.heightOfString(winAnsiText(text) || ' ', { width });

export type Layout = { left: number; right: number; width: number; bottom: number };

export const layoutOf = (doc: Doc): Layout => ({
  left: pageMargin,
  right: doc.page.width - pageMargin,
  width: doc.page.width - pageMargin * 2,
  bottom: doc.page.height - pageMargin - footerSpace,
});

export const rule = (doc: Doc, layout: Layout, y: number, color = colors.rule, width = 0.75) => {
  doc.moveTo(layout.left, y).lineTo(layout.right, y).lineWidth(width).strokeColor(color).stroke();
};

/** Brand, lab address and contact at the left; the document title at the right. Returns the next y. */
export const drawLetterhead = (doc: Doc, layout: Layout, letterhead: Letterhead, title: string): number => {
  doc.rect(0, 0, doc.page.width, 8).fill(letterhead.accent);
  const top = pageMargin;
  doc.font('Helvetica-Bold').fontSize(20).fillColor(letterhead.accent);
  textAt(doc, letterhead.name, layout.left, top);
  doc.font('Helvetica').fontSize(fontSize.small).fillColor(colors.muted);
  textAt(doc, letterhead.addressLine, layout.left, top + 26);
  textAt(doc, letterhead.contactLine, layout.left, top + 38);
  doc.font('Helvetica-Bold').fontSize(15).fillColor(colors.text);
  textAt(doc, title, layout.left, top + 2, { width: layout.width, align: 'right' });
  return top + 62;
};

/** Every page's footer: the lab, what the document is, and the page number. */
export const drawFooters = (doc: Doc, label: string, letterhead: Letterhead) => {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const layout = layoutOf(doc);
    // Text in the bottom margin would make pdfkit start a new page; the footer is meant to sit there.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - pageMargin + 4;
    rule(doc, layout, y - 8);
    doc.font('Helvetica').fontSize(fontSize.small).fillColor(colors.muted);
    textAt(doc, `${letterhead.name}  |  ${label}`, layout.left, y);
    textAt(doc, `Page ${i - range.start + 1} of ${range.count}`, layout.left, y, {
      width: layout.width,
      align: 'right',
    });
    doc.page.margins.bottom = bottomMargin;
  }
};

/** The document drawn by `draw`, as one buffer (the lab's documents are a few pages at most). */
export const renderPdf = (
  meta: { title: string; letterhead: Letterhead },
  draw: (doc: Doc) => void,
): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: pageMargin,
      bufferPages: true,
      info: { Title: meta.title, Author: meta.letterhead.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
