import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseInvoicesSchema,
  formatMoney,
  invoiceDocumentMessages,
  parseMoneyCents,
  type Invoice,
} from '@lab/domain';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../../testing';
import { createBilledInvoice, pdfPages, type BilledSpec } from './documents-fixture';
import { letterheads } from './lab-letterhead';

// GET /api/v2/invoices/{invoice_number}/pdf/: the invoice as a PDF, read back as text (testing/pdf-reading.ts).

let test: TestApp;
let staff: SignedInUser;
beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
});
afterAll(() => test.close());

const pdfUrl = (invoiceNumber: number | string) => `/api/v2/invoices/${invoiceNumber}/pdf/`;

const getPdf = async (invoiceNumber: number) => {
  const response = await test.app.inject({
    method: 'GET',
    url: pdfUrl(invoiceNumber),
    headers: staff.headers,
  });
  expect(response.statusCode).toBe(200);
  return response;
};

/** The invoice as the Billing view reads it. */
const readInvoice = async (caseId: number, invoiceNumber: number): Promise<Invoice> => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/cases/${caseId}/invoicing/`,
    headers: staff.headers,
  });
  const found = caseInvoicesSchema.parse(response.json()).find((i) => i.invoice_number === invoiceNumber);
  if (!found) throw new Error(`invoice ${invoiceNumber} not read`);
  return found;
};

const shown = (text: string) => formatMoney(parseMoneyCents(text) ?? NaN, 'AUD');

const billed = (spec: Partial<BilledSpec> = {}) =>
  createBilledInvoice(test.db, {
    shipperName: 'Southbank Dental Studio',
    payerName: 'Smile Partners Group',
    patientReference: 'Jane Citizen',
    lines: [
      { description: 'Titanium screws', qty: '1', price: '100' },
      { description: 'Zirconia bridge', qty: '2', price: '250.50', dentate: 'LOWER' },
    ],
    freight: '15',
    purchaseOrder: 'PO-77',
    courier: 'StarTrack',
    ...spec,
  });

describe('GET /api/v2/invoices/{invoice_number}/pdf/', () => {
  it('answers 401 without a token or session, and opens with the session cookie alone (a new tab)', async () => {
    const response = await test.app.inject({ method: 'GET', url: pdfUrl(1) });
    expect(response.statusCode).toBe(401);
    const { invoiceNumber } = await billed();
    const inTab = await test.app.inject({
      method: 'GET',
      url: pdfUrl(invoiceNumber),
      headers: { cookie: staff.cookie },
    });
    expect(inTab.statusCode).toBe(200);
    expect(inTab.headers['content-type']).toBe('application/pdf');
    const badToken = await test.app.inject({
      method: 'GET',
      url: pdfUrl(invoiceNumber),
      headers: { cookie: staff.cookie, authorization: 'Bearer not-a-token' },
    });
    expect(badToken.statusCode).toBe(401);
  });

  it("answers 404 'Invoice not found' for an unknown number and for one that cannot exist", async () => {
    for (const number of ['999999', '0', 'abc', '99999999999']) {
      const response = await test.app.inject({ method: 'GET', url: pdfUrl(number), headers: staff.headers });
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe(invoiceDocumentMessages.invoiceNotFound);
    }
  });

  it('renders a finalised invoice inline with every particular, the lines by amount and the total', async () => {
    const invoice = await billed({ orderingPlatform: 'nexus_ios', invoiceDate: '2026-03-05' });
    const response = await getPdf(invoice.invoiceNumber);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="invoice-${invoice.invoiceNumber}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pages = await pdfPages(response.rawPayload);
    expect(pages).toHaveLength(1);
    const text = pages.join('\n');
    for (const expected of [
      letterheads.nexus.name,
      letterheads.nexus.addressLine,
      'TAX INVOICE',
      String(invoice.invoiceNumber),
      '5 Mar 2026',
      String(invoice.collectionId),
      'Jane Citizen',
      'BILL TO',
      'Smile Partners Group',
      'Carlton VIC 3053',
      'SHIP TO',
      'Southbank Dental Studio',
      'Richmond VIC 3121',
      'PO-77',
      'StarTrack',
      '$15.00',
      'Currency: AUD',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/accounts\d+@payer\.example\.com/);
    // A row per line, the larger amount first, as the read orders them.
    expect(text).toMatch(
      new RegExp(`${invoice.caseMkey}\\s+Lower\\s+Zirconia bridge\\s+2\\s+\\$250\\.50\\s+\\$501\\.00`),
    );
    expect(text).toMatch(
      new RegExp(`${invoice.caseMkey}\\s+Upper\\s+Titanium screws\\s+1\\s+\\$100\\.00\\s+\\$100\\.00`),
    );
    expect(text.indexOf('Zirconia bridge')).toBeLessThan(text.indexOf('Titanium screws'));
    expect(text).toMatch(/Total \(ex tax\)\s+\$616\.00/);
    // An Australian client of the Melbourne branch: GST 10 % beneath the total, and the amount due with it.
    expect(text).toMatch(/GST 10 %\s+\$61\.60/);
    expect(text).toMatch(/Amount due\s+\$677\.60/);
  });

  it('shows exactly the total and line amounts the Billing view reads', async () => {
    const invoice = await billed({
      lines: [
        { description: 'Fractional milling', qty: '1.5', price: '33.33' },
        { description: 'Unpriced line', qty: '1', price: null },
      ],
      freight: '7.05',
    });
    const read = await readInvoice(invoice.caseId, invoice.invoiceNumber);
    const text = (await pdfPages((await getPdf(invoice.invoiceNumber)).rawPayload)).join('\n');
    expect(text).toMatch(new RegExp(`Total \\(ex tax\\)\\s+\\${shown(read.total)}`));
    expect(text).toMatch(new RegExp(`Amount due\\s+\\${shown(read.amount_due)}`));
    for (const line of read.lines) expect(text).toContain(shown(line.total_amount));
    // 1.5 × $33.33 = $49.995, half away from zero: $50.00.
    expect(text).toContain('1.5');
    expect(text).toContain('$50.00');
  });

  it('uses the osteon letterhead for an OEP order', async () => {
    const invoice = await billed({ orderingPlatform: 'oep' });
    const text = (await pdfPages((await getPdf(invoice.invoiceNumber)).rawPayload)).join('\n');
    expect(text).toContain(letterheads.osteon.name);
    expect(text).not.toContain(letterheads.nexus.name);
  });

  it('titles an open invoice as not finalised and a manually invoiced one as such', async () => {
    const open = await billed({ state: 'open' });
    const openText = (await pdfPages((await getPdf(open.invoiceNumber)).rawPayload)).join('\n');
    expect(openText).toContain('INVOICE (NOT FINALISED)');
    expect(openText).toMatch(/Invoice date\s+Not finalised/);
    expect(openText).not.toContain('TAX INVOICE');

    const manual = await billed({ state: 'manual', invoiceDate: null });
    const manualText = (await pdfPages((await getPdf(manual.invoiceNumber)).rawPayload)).join('\n');
    expect(manualText).toContain('MANUALLY INVOICED');
    expect(manualText).not.toContain('TAX INVOICE');
  });

  it('bills the shipping client when there is no billing client, and prints text Helvetica lacks', async () => {
    const invoice = await billed({
      payerName: null,
      shipperName: 'Zoë Ångström Dentistry 李',
      lines: [{ description: 'Crown "A1" – shade, 50% off', qty: '1', price: '80' }],
    });
    const text = (await pdfPages((await getPdf(invoice.invoiceNumber)).rawPayload)).join('\n');
    // Accented Latin prints as is; a character outside Windows-1252 becomes '?'.
    expect(text).toMatch(/BILL TO\s+SHIP TO/);
    expect(text.match(/Zoë Ångström Dentistry \?/g)).toHaveLength(2);
    expect(text).toContain('Crown "A1" – shade, 50% off');
  });

  it('flows a long invoice over more pages, repeating the table header, with the total at the end', async () => {
    const lines = Array.from({ length: 90 }, (_, i) => ({
      description: `Component ${String(i + 1).padStart(2, '0')}`,
      qty: '1',
      price: String(1000 - i),
    }));
    const invoice = await billed({ lines, freight: '0' });
    const pages = await pdfPages((await getPdf(invoice.invoiceNumber)).rawPayload);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page).toMatch(/Case\s+Dentate\s+Description\s+Qty\s+Unit price\s+Total/);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i > 0) expect(page).toContain(`Invoice ${invoice.invoiceNumber} (continued)`);
    });
    const text = pages.join('\n');
    for (const line of lines) expect(text).toContain(line.description);
    // Lines in amount order across the pages: Component 01 ($1,000) first, Component 90 last.
    expect(pages[0]).toContain('Component 01');
    expect(pages.at(-1)).toContain('Component 90');
    const total = lines.reduce((sum, line) => sum + Number(line.price) * 100, 0);
    expect(pages.at(-1)).toMatch(new RegExp(`Total \\(ex tax\\)\\s+\\${formatMoney(total, 'AUD')}`));
    expect(pages.slice(0, -1).join('\n')).not.toMatch(/Total \(ex tax\)\s+\$/);
  });
});
