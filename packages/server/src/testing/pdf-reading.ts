import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

// How the tests read a PDF back, with nothing but npm packages: pdf.js (its legacy build, the one for
// Node) for the text of each page and for rendering a page onto @napi-rs/canvas. The text is laid out as
// printed, like `pdftotext -layout`: the pieces on one baseline make a line, in x order, and a gap wider
// than a word space becomes two or more spaces, so table columns stay apart.

// pdf.js reads these from the file system in Node: the standard 14 fonts (Helvetica, Courier …), which
// the documents use without embedding them, and the CMaps. Both paths must end in a separator.
const pdfjsFolder = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const standardFontDataUrl = path.join(pdfjsFolder, 'standard_fonts') + path.sep;
const cMapUrl = path.join(pdfjsFolder, 'cmaps') + path.sep;

const withDocument = async <T>(pdf: Buffer, read: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> => {
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the bytes it is given: a copy leaves the caller's Buffer alone.
    data: new Uint8Array(pdf),
    standardFontDataUrl,
    cMapUrl,
    cMapPacked: true,
    isEvalSupported: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    return await read(doc);
  } finally {
    await task.destroy();
  }
};

type Piece = { text: string; x: number; y: number; width: number; size: number };

const piecesOf = (items: readonly TextItem[]): Piece[] =>
  items
    .filter((item) => item.str.trim() !== '')
    .map((item) => {
      const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
      const text = item.str.trimEnd();
      const size = Math.hypot(c, d) || item.height || 1;
      // The width of the text without its trailing spaces, at the item's mean character width.
      return { text, x, y, width: (item.width * text.length) / item.str.length, size };
    });

/** Pieces on (nearly) the same baseline, top of the page first; each line in x order. */
const linesOf = (pieces: readonly Piece[]): Piece[][] => {
  const lines: { y: number; size: number; pieces: Piece[] }[] = [];
  for (const piece of [...pieces].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const line = lines.at(-1);
    // A label and its value set a point apart in size still share a line; the next line is a font away.
    if (line && Math.abs(line.y - piece.y) <= Math.min(line.size, piece.size) * 0.4) {
      line.pieces.push(piece);
      line.size = Math.min(line.size, piece.size);
    } else lines.push({ y: piece.y, size: piece.size, pieces: [piece] });
  }
  return lines.map((line) => line.pieces.sort((a, b) => a.x - b.x));
};

/** One page's lines, `pdftotext -layout` style (indent and column gaps from the page's mean character). */
const layOut = (pieces: readonly Piece[]): string => {
  if (pieces.length === 0) return '';
  const characters = pieces.reduce((sum, piece) => sum + piece.text.length, 0);
  const charWidth = pieces.reduce((sum, piece) => sum + piece.width, 0) / characters || 1;
  const left = Math.min(...pieces.map((piece) => piece.x));
  const text = linesOf(pieces).map((line) => {
    let out = ' '.repeat(Math.max(0, Math.round(((line[0]?.x ?? left) - left) / charWidth)));
    let end: number | null = null;
    let size = 0;
    for (const piece of line) {
      if (end !== null) {
        const gap = piece.x - end;
        const em = Math.min(size, piece.size);
        // Wider than two word spaces is a column: it starts where its x falls on the page's character
        // grid, at least two spaces on. A word space is one space; a font change inside a word, none.
        if (gap > em * 0.6)
          out += ' '.repeat(Math.max(2, Math.round((piece.x - left) / charWidth) - out.length));
        else if (gap > em * 0.1) out += ' ';
      }
      out += piece.text;
      end = piece.x + piece.width;
      size = piece.size;
    }
    return out;
  });
  return `${text.join('\n')}\n`;
};

/** The PDF's text, one string per page, laid out as printed (lines by baseline, columns 2+ spaces apart). */
export const readPdfPages = (pdf: Buffer): Promise<string[]> =>
  withDocument(pdf, async (doc) => {
    const pages: string[] = [];
    for (let number = 1; number <= doc.numPages; number += 1) {
      const page = await doc.getPage(number);
      const content = await page.getTextContent();
      pages.push(layOut(piecesOf(content.items.filter((item): item is TextItem => 'str' in item))));
      page.cleanup();
    }
    return pages;
  });

/** One page (counted from 1) rendered as a PNG at `dpi`, on white as it prints. */
export const renderPdfPage = (pdf: Buffer, pageNumber = 1, dpi = 300): Promise<Buffer> =>
  withDocument(pdf, async (doc) => {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas, viewport, background: '#ffffff' }).promise;
    page.cleanup();
    return canvas.toBuffer('image/png');
  });
