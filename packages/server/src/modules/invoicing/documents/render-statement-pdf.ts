import { formatMoney } from '@lab/domain';
import type { StatementDocument } from '../accounts/statement';
import { addressLinesOf, dateShown } from './document-text';
import { letterheads } from './lab-letterhead';
import {
  colors,
  drawFooters,
  drawLetterhead,
  fontSize,
  heightOf,
  layoutOf,
  pageMargin,
  renderPdf,
  rule,
  textAt,
} from './pdf-drawing';

// A client's statement as an A4 PDF: the lab's letterhead, the client and the period, the balance brought
// forward, each invoice and payment of the period with the running balance, and the closing balance.

const letterhead = letterheads.nexus;
const rowHeight = 16;
// A row's details (a payment's reference may be 100 characters) wrap within their column, the row growing
// to hold them; never beyond this, the rest ending in an ellipsis.
const maxDetailsHeight = 80;
const cellTop = 4;
/** The note beneath the closing balance, with the space before it. */
const noteSpace = 26;

export const renderStatementPdf = ({ client, currency, statement }: StatementDocument): Promise<Buffer> =>
  renderPdf(
    { title: `Statement ${client.client_id} ${statement.from} to ${statement.to}`, letterhead },
    (doc) => {
      const money = (cents: number) => formatMoney(cents, currency);
      const layout = layoutOf(doc);
      let y = drawLetterhead(doc, layout, letterhead, 'STATEMENT');
      doc.font('Helvetica-Bold').fontSize(fontSize.body).fillColor(colors.text);
      textAt(doc, client.name, layout.left, y);
      doc.font('Helvetica').fontSize(fontSize.small).fillColor(colors.muted);
      const address = addressLinesOf({
        address_line_1: client.address_line_1 ?? '',
        address_line_2: client.address_line_2 ?? '',
        suburb: client.suburb ?? '',
        state: client.state ?? '',
        postcode: client.postcode ?? '',
        country: client.country,
      });
      address.forEach((line, index) => textAt(doc, line, layout.left, y + 13 + index * 11));
      textAt(doc, `Client ${client.client_id}`, layout.left, y, { width: layout.width, align: 'right' });
      textAt(doc, `Period ${dateShown(statement.from)} to ${dateShown(statement.to)}`, layout.left, y + 11, {
        width: layout.width,
        align: 'right',
      });
      y += 24 + address.length * 11;

      const columns = [
        { header: 'Date', x: layout.left, width: 70, align: 'left' as const },
        { header: 'Details', x: layout.left + 74, width: layout.width - 74 - 3 * 84, align: 'left' as const },
        { header: 'Charges', x: layout.right - 3 * 84, width: 80, align: 'right' as const },
        { header: 'Payments', x: layout.right - 2 * 84, width: 80, align: 'right' as const },
        { header: 'Balance', x: layout.right - 84, width: 84, align: 'right' as const },
      ];
      const tableHeader = () => {
        doc.rect(layout.left, y, layout.width, rowHeight).fill(letterhead.accent);
        doc.font('Helvetica-Bold').fontSize(fontSize.label).fillColor('#ffffff');
        columns.forEach((column) =>
          textAt(doc, column.header.toUpperCase(), column.x, y + 5, {
            width: column.width,
            align: column.align,
          }),
        );
        y += rowHeight;
      };
      // A page after the first: a slim heading naming the statement, then the table header again.
      const continuationPage = () => {
        doc.addPage();
        doc.rect(0, 0, doc.page.width, 8).fill(letterhead.accent);
        doc.font('Helvetica-Bold').fontSize(11).fillColor(letterhead.accent);
        textAt(doc, letterhead.name, layout.left, pageMargin);
        doc.font('Helvetica').fontSize(fontSize.body).fillColor(colors.muted);
        textAt(doc, `Statement for client ${client.client_id} (continued)`, layout.left, pageMargin + 1, {
          width: layout.width,
          align: 'right',
        });
        rule(doc, layout, pageMargin + 20);
        y = pageMargin + 32;
        tableHeader();
      };
      const details = columns[1];
      /** A row; `keep` more points below it stay on its page (the closing balance keeps the note). */
      const row = (cells: string[], bold = false, keep = 0) => {
        const font = bold ? 'Helvetica-Bold' : 'Helvetica';
        doc.font(font).fontSize(fontSize.body);
        const detailsHeight = Math.min(heightOf(doc, cells[1] ?? '', details?.width ?? 0), maxDetailsHeight);
        const height = Math.max(rowHeight, Math.ceil(detailsHeight) + 2 * cellTop);
        if (y + height + keep > layout.bottom) continuationPage();
        doc.font(font).fontSize(fontSize.body).fillColor(colors.text);
        columns.forEach((column, index) =>
          textAt(doc, cells[index] ?? '', column.x, y + cellTop, {
            width: column.width,
            align: column.align,
            ...(column === details ? { height: height - cellTop, ellipsis: true } : {}),
          }),
        );
        y += height;
        rule(doc, layout, y);
      };
      tableHeader();
      row(
        [dateShown(statement.from), 'Balance brought forward', '', '', money(statement.openingCents)],
        true,
      );
      for (const line of statement.lines) {
        const isInvoice = line.kind === 'invoice';
        row([
          dateShown(line.date),
          line.reference,
          isInvoice ? money(line.cents) : '',
          isInvoice ? '' : money(line.cents),
          money(line.balanceCents),
        ]);
      }
      row(
        [
          dateShown(statement.to),
          'Closing balance',
          money(statement.invoicedCents),
          money(statement.paidCents),
          money(statement.closingCents),
        ],
        true,
        noteSpace,
      );
      y += 14;
      doc.font('Helvetica').fontSize(fontSize.small).fillColor(colors.muted);
      textAt(
        doc,
        'Amounts include GST where it applies. Please quote your client number with any payment.',
        layout.left,
        y,
        { width: layout.width },
      );
      drawFooters(doc, `Statement for client ${client.client_id}`, letterhead);
    },
  );
