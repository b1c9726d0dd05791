import type { Invoice, InvoiceLine } from '@lab/domain';
import { addressLinesOf, dateShown, dentateShown, moneyShown, quantityShown } from './document-text';
import type { InvoiceDocument } from './find-invoice-by-number';
import { letterheads, type Letterhead } from './lab-letterhead';
import {
  cellPadding,
  colors,
  drawFooters,
  drawLetterhead,
  fontSize,
  heightOf,
  layoutOf,
  maxRowHeight,
  pageMargin,
  renderPdf,
  rule,
  textAt,
  type Doc,
  type Layout,
} from './pdf-drawing';

// The invoice as an A4 PDF: letterhead, the invoice's particulars, bill-to and ship-to, the lines (as the
// read orders them: largest amount first) flowing over as many pages as they need with the table header
// repeated, then freight and total (pdf-drawing.ts draws what the lab's documents share).

const titleOf = (invoice: Invoice): string => {
  if (invoice.manually_invoiced) return 'MANUALLY INVOICED';
  return invoice.finalised ? 'TAX INVOICE' : 'INVOICE (NOT FINALISED)';
};

const noteOf = (invoice: Invoice): string | null => {
  if (invoice.manually_invoiced)
    return 'This work is billed manually; this document is not a request for payment.';
  if (!invoice.finalised) return 'This invoice is not finalised yet: its lines and amounts may still change.';
  return null;
};

type Column = {
  header: string;
  width: number;
  align: 'left' | 'right';
  cellOf: (line: InvoiceLine, currency: string) => string;
};

const columnsFor = (contentWidth: number): Column[] => {
  const fixed: Column[] = [
    { header: 'Case', width: 62, align: 'left', cellOf: (line) => line.case_mkey ?? '' },
    { header: 'Dentate', width: 54, align: 'left', cellOf: (line) => dentateShown(line.dentate) },
    { header: 'Description', width: 0, align: 'left', cellOf: (line) => line.description },
    {
      header: 'Qty',
      width: 40,
      align: 'right',
      cellOf: (line) => (line.total_qty === null ? '-' : quantityShown(line.total_qty)),
    },
    {
      header: 'Unit price',
      width: 74,
      align: 'right',
      cellOf: (line, currency) => (line.unit_price === null ? '-' : moneyShown(line.unit_price, currency)),
    },
    {
      header: 'Total',
      width: 80,
      align: 'right',
      cellOf: (line, currency) => moneyShown(line.total_amount, currency),
    },
  ];
  const taken = fixed.reduce((sum, column) => sum + column.width, 0);
  return fixed.map((column) => (column.width === 0 ? { ...column, width: contentWidth - taken } : column));
};

/** Label/value pairs in a column; returns the y under the last pair. */
const drawParticulars = (
  doc: Doc,
  pairs: readonly (readonly [string, string])[],
  x: number,
  y: number,
  width: number,
): number => {
  const labelWidth = 78;
  let at = y;
  for (const [label, value] of pairs) {
    doc.font('Helvetica').fontSize(fontSize.small).fillColor(colors.muted);
    textAt(doc, label, x, at + 1);
    doc.font('Helvetica-Bold').fontSize(fontSize.body).fillColor(colors.text);
    const valueWidth = width - labelWidth;
    textAt(doc, value, x + labelWidth, at, { width: valueWidth, height: 24, ellipsis: true });
    at += Math.min(heightOf(doc, value, valueWidth), 24) + 4;
  }
  return at;
};

/** A party block: small accent label, bold name, address lines, optional extra lines. Returns the next y. */
const drawParty = (
  doc: Doc,
  block: { label: string; name: string; lines: readonly string[]; accent: string },
  x: number,
  y: number,
  width: number,
): number => {
  doc.font('Helvetica-Bold').fontSize(fontSize.label).fillColor(block.accent);
  textAt(doc, block.label, x, y);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(colors.text);
  textAt(doc, block.name, x, y + 13, { width });
  let at = y + 13 + heightOf(doc, block.name, width) + 2;
  doc.font('Helvetica').fontSize(fontSize.body).fillColor(colors.text);
  for (const line of block.lines) {
    textAt(doc, line, x, at, { width });
    at += heightOf(doc, line, width) + 1;
  }
  return at;
};

const drawTableHeader = (doc: Doc, layout: Layout, columns: readonly Column[], y: number, accent: string) => {
  const height = 20;
  doc.rect(layout.left, y, layout.width, height).fill(accent);
  doc.font('Helvetica-Bold').fontSize(fontSize.small).fillColor('#ffffff');
  let x = layout.left;
  for (const column of columns) {
    textAt(doc, column.header, x + cellPadding.x, y + 6.5, {
      width: column.width - cellPadding.x * 2,
      align: column.align,
    });
    x += column.width;
  }
  return y + height;
};

const rowHeightOf = (doc: Doc, columns: readonly Column[], cells: readonly string[]): number => {
  doc.font('Helvetica').fontSize(fontSize.body);
  const tallest = Math.max(
    ...columns.map((column, i) => heightOf(doc, cells[i] ?? '', column.width - cellPadding.x * 2)),
  );
  return Math.min(tallest, maxRowHeight) + cellPadding.y * 2;
};

const drawRow = (
  doc: Doc,
  layout: Layout,
  columns: readonly Column[],
  cells: readonly string[],
  y: number,
  height: number,
  isStriped: boolean,
) => {
  // Inset by the rule's width, so the row above keeps its rule.
  if (isStriped) doc.rect(layout.left, y + 0.5, layout.width, height - 0.5).fill(colors.zebra);
  doc.font('Helvetica').fontSize(fontSize.body).fillColor(colors.text);
  let x = layout.left;
  columns.forEach((column, i) => {
    textAt(doc, cells[i] ?? '', x + cellPadding.x, y + cellPadding.y, {
      width: column.width - cellPadding.x * 2,
      height: height - cellPadding.y * 2,
      align: column.align,
      ellipsis: true,
    });
    x += column.width;
  });
  rule(doc, layout, y + height, colors.rule, 0.5);
};

/** A page after the first: a slim heading naming the invoice, then the table header again. */
const startContinuationPage = (doc: Doc, invoiceNumber: number, letterhead: Letterhead): number => {
  doc.addPage();
  const layout = layoutOf(doc);
  doc.rect(0, 0, doc.page.width, 8).fill(letterhead.accent);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(letterhead.accent);
  textAt(doc, letterhead.name, layout.left, pageMargin);
  doc.font('Helvetica').fontSize(fontSize.body).fillColor(colors.muted);
  textAt(doc, `Invoice ${invoiceNumber} (continued)`, layout.left, pageMargin + 1, {
    width: layout.width,
    align: 'right',
  });
  rule(doc, layout, pageMargin + 20);
  return pageMargin + 32;
};

const drawTotals = (doc: Doc, layout: Layout, invoice: Invoice, y: number, accent: string): number => {
  const width = 220;
  const x = layout.right - width;
  const valueWidth = 110;
  const row = (label: string, value: string, at: number, bold: boolean) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : fontSize.body)
      .fillColor(colors.text);
    textAt(doc, label, x, at, { width: width - valueWidth });
    textAt(doc, value, x + width - valueWidth, at, { width: valueWidth, align: 'right' });
  };
  row('Freight', moneyShown(invoice.freight, invoice.currency), y, false);
  const underline = (at: number) =>
    doc.moveTo(x, at).lineTo(layout.right, at).lineWidth(1.2).strokeColor(accent).stroke();
  underline(y + 16);
  // The Total is ex tax (collection-views §5); the tax and the amount due follow it (issue 32).
  row('Total (ex tax)', moneyShown(invoice.total, invoice.currency), y + 22, false);
  row(
    invoice.tax_name ? `${invoice.tax_name} ${invoice.tax_percent} %` : 'No tax (export)',
    moneyShown(invoice.tax, invoice.currency),
    y + 38,
    false,
  );
  underline(y + 54);
  row('Amount due', moneyShown(invoice.amount_due, invoice.currency), y + 60, true);
  doc.font('Helvetica').fontSize(fontSize.small).fillColor(colors.muted);
  textAt(doc, `Currency: ${invoice.currency}`, x, y + 78, { width, align: 'right' });
  return y + 94;
};

const drawInvoice = (doc: Doc, { invoice, billToAddress, branding }: InvoiceDocument) => {
  const letterhead = letterheads[branding];
  const layout = layoutOf(doc);
  let y = drawLetterhead(doc, layout, letterhead, titleOf(invoice));
  rule(doc, layout, y, letterhead.accent, 1);
  y += 14;

  // Particulars at the right, the two parties at the left: three columns of the content width.
  const gap = 18;
  const columnWidth = (layout.width - gap * 2) / 3;
  const billTo = drawParty(
    doc,
    {
      label: 'BILL TO',
      name: invoice.billing_client_name,
      lines: [
        ...addressLinesOf(billToAddress),
        ...(invoice.billing_invoice_email ? [invoice.billing_invoice_email] : []),
      ],
      accent: letterhead.accent,
    },
    layout.left,
    y,
    columnWidth,
  );
  const shipTo = drawParty(
    doc,
    {
      label: 'SHIP TO',
      name: invoice.shipping_client_name,
      lines: addressLinesOf(invoice.shipping_address),
      accent: letterhead.accent,
    },
    layout.left + columnWidth + gap,
    y,
    columnWidth,
  );
  const particulars = drawParticulars(
    doc,
    [
      ['Invoice number', String(invoice.invoice_number)],
      ['Invoice date', invoice.invoice_date ? dateShown(invoice.invoice_date) : 'Not finalised'],
      ['Case number', String(invoice.case_number)],
      ['Patient', invoice.patient_name],
      ['PO#', invoice.purchase_order_number ?? '-'],
      ['Courier', invoice.courier ?? '-'],
    ],
    layout.left + (columnWidth + gap) * 2,
    y,
    columnWidth,
  );
  y = Math.max(billTo, shipTo, particulars) + 14;

  const note = noteOf(invoice);
  if (note) {
    doc.rect(layout.left, y, layout.width, 22).fill(colors.note);
    doc.font('Helvetica-Oblique').fontSize(fontSize.body).fillColor(colors.text);
    textAt(doc, note, layout.left + 8, y + 7, { width: layout.width - 16 });
    y += 32;
  }

  const columns = columnsFor(layout.width);
  y = drawTableHeader(doc, layout, columns, y, letterhead.accent);
  if (invoice.lines.length === 0) {
    doc.font('Helvetica-Oblique').fontSize(fontSize.body).fillColor(colors.muted);
    textAt(doc, 'No lines on this invoice.', layout.left + cellPadding.x, y + cellPadding.y);
    y += 24;
  }
  invoice.lines.forEach((line, i) => {
    const cells = columns.map((column) => column.cellOf(line, invoice.currency));
    const height = rowHeightOf(doc, columns, cells);
    if (y + height > layout.bottom) {
      y = startContinuationPage(doc, invoice.invoice_number, letterhead);
      y = drawTableHeader(doc, layout, columns, y, letterhead.accent);
    }
    drawRow(doc, layout, columns, cells, y, height, i % 2 === 1);
    y += height;
  });

  const totalsHeight = 108;
  if (y + totalsHeight > layout.bottom) y = startContinuationPage(doc, invoice.invoice_number, letterhead);
  drawTotals(doc, layout, invoice, y + 12, letterhead.accent);
  drawFooters(doc, `Invoice ${invoice.invoice_number}`, letterhead);
};

/** The invoice's PDF, whole, in memory (an invoice is a few pages at most). */
export const renderInvoicePdf = (document: InvoiceDocument): Promise<Buffer> =>
  renderPdf(
    { title: `Invoice ${document.invoice.invoice_number}`, letterhead: letterheads[document.branding] },
    (doc) => drawInvoice(doc, document),
  );
