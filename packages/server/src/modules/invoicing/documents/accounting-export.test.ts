import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseInvoicesSchema, invoiceDocumentMessages, parseMoneyCents, type Invoice } from '@lab/domain';
import { clients, invoices } from '../../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../../testing';
import { countingStatements } from '../../../testing/count-statements';
import { createBilledInvoice, csvRecords, type BilledSpec } from './documents-fixture';
import { findExportInvoices } from './find-export-invoices';

// GET /api/v2/invoices/export/: finalised invoices of a date range as Xero's or QuickBooks Online's CSV
// import. Each test uses its own year, so the invoices of one do not fall in another's range.

let test: TestApp;
let admin: SignedInUser;
let staff: SignedInUser;
beforeAll(async () => {
  test = await createTestApp();
  admin = await signInAs(test, { admin: true });
  staff = await signInAs(test);
});
afterAll(() => test.close());

const exportUrl = (query: Record<string, string>) => `/api/v2/invoices/export/?${new URLSearchParams(query)}`;

const getExport = async (format: string, from: string, to: string) => {
  const response = await test.app.inject({
    method: 'GET',
    url: exportUrl({ format, from, to }),
    headers: admin.headers,
  });
  expect(response.statusCode).toBe(200);
  return response;
};

const billed = (spec: Partial<BilledSpec>) =>
  createBilledInvoice(test.db, {
    payerName: 'Smile Partners Group',
    lines: [
      { description: 'Screws', qty: '1', price: '100' },
      { description: 'Bridge', qty: '2', price: '250.50', dentate: 'LOWER' },
    ],
    freight: '15',
    purchaseOrder: 'PO-77',
    ...spec,
  });

const xeroRequired = [
  '*ContactName',
  '*InvoiceNumber',
  '*InvoiceDate',
  '*DueDate',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
];
const xeroAddress = [
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  'Reference',
  'Currency',
];
const quickBooksColumns = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Location',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  '*ItemAmount',
  'Currency',
];

describe('access', () => {
  it('answers 401 without a token', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: exportUrl({ format: 'xero', from: '2026-01-01', to: '2026-01-31' }),
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a staff member who is not an admin', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: exportUrl({ format: 'xero', from: '2026-01-01', to: '2026-01-31' }),
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(errorMessage(response)).toBe(invoiceDocumentMessages.exportAdminOnly);
  });
});

describe('bad queries', () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ['no format', { from: '2026-01-01', to: '2026-01-31' }, 'format', invoiceDocumentMessages.formatInvalid],
    [
      'an unknown format',
      { format: 'myob', from: '2026-01-01', to: '2026-01-31' },
      'format',
      invoiceDocumentMessages.formatInvalid,
    ],
    ['no from', { format: 'xero', to: '2026-01-31' }, 'from', invoiceDocumentMessages.fromInvalid],
    [
      'a from that is no date',
      { format: 'xero', from: '2026-02-30', to: '2026-03-31' },
      'from',
      invoiceDocumentMessages.fromInvalid,
    ],
    ['no to', { format: 'quickbooks', from: '2026-01-01' }, 'to', invoiceDocumentMessages.toInvalid],
    [
      'a to in another format',
      { format: 'quickbooks', from: '2026-01-01', to: '31/01/2026' },
      'to',
      invoiceDocumentMessages.toInvalid,
    ],
    [
      'from after to',
      { format: 'xero', from: '2026-02-01', to: '2026-01-31' },
      'to',
      invoiceDocumentMessages.toBeforeFrom,
    ],
    [
      'a range over 366 days',
      { format: 'xero', from: '2025-01-01', to: '2026-01-02' },
      'to',
      invoiceDocumentMessages.rangeTooLong,
    ],
  ];
  it.each(cases)('answers 400 for %s, naming the field', async (_, query, field, message) => {
    const response = await test.app.inject({ method: 'GET', url: exportUrl(query), headers: admin.headers });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(message);
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields[field]).toBe(message);
  });

  it('takes a range of exactly 366 days (a leap year)', async () => {
    await getExport('xero', '2024-01-01', '2024-12-31');
  });
});

describe('Xero', () => {
  it("writes Xero's sales invoice import: a row per line and one for freight, as an attachment", async () => {
    const invoice = await billed({ invoiceDate: '2021-03-05' });
    const response = await getExport('xero', '2021-03-01', '2021-03-31');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="invoices-xero-2021-03-01-2021-03-31.csv"',
    );
    const { header, records } = csvRecords(response.body);
    expect(header).toEqual(expect.arrayContaining([...xeroRequired, ...xeroAddress]));
    expect(records.map((r) => [r['*Description'], r['*Quantity'], r['*UnitAmount']])).toEqual([
      [`${invoice.caseMkey} Lower - Bridge`, '2', '250.50'],
      [`${invoice.caseMkey} Upper - Screws`, '1', '100.00'],
      ['Freight', '1', '15.00'],
    ]);
    for (const record of records)
      expect(record).toMatchObject({
        '*ContactName': 'Smile Partners Group',
        EmailAddress: expect.stringMatching(/^accounts\d+@payer\.example\.com$/),
        POCity: 'Carlton',
        PORegion: 'VIC',
        POPostalCode: '3053',
        POCountry: 'Australia',
        '*InvoiceNumber': String(invoice.invoiceNumber),
        Reference: `Case ${invoice.collectionId} / PO PO-77`,
        '*InvoiceDate': '05/03/2021',
        // Decision: due 30 days after the invoice date.
        '*DueDate': '04/04/2021',
        '*AccountCode': '200',
        '*TaxType': 'GST on Income',
        Currency: 'AUD',
      });
  });

  it('exports only finalised invoices dated in the range, never manual or cash customers', async () => {
    const first = await billed({ invoiceDate: '2022-05-01' });
    const last = await billed({ invoiceDate: '2022-05-31', freight: '0' });
    await billed({ invoiceDate: '2022-04-30' });
    await billed({ invoiceDate: '2022-06-01' });
    await billed({ state: 'open', invoiceDate: null });
    await billed({ state: 'open', invoiceDate: '2022-05-10' });
    await billed({ state: 'manual', invoiceDate: '2022-05-10' });
    await billed({ invoiceDate: '2022-05-10', isPayerCash: true });
    // Without a billing client the shipper pays, so its being a cash customer counts.
    await billed({ invoiceDate: '2022-05-10', payerName: null, isShipperCash: true });

    const { records } = csvRecords((await getExport('xero', '2022-05-01', '2022-05-31')).body);
    expect(records.map((r) => r['*InvoiceNumber'])).toEqual([
      ...Array<string>(3).fill(String(first.invoiceNumber)),
      // No freight, no freight row.
      ...Array<string>(2).fill(String(last.invoiceNumber)),
    ]);
  });

  it('reads in five statements whatever the number of invoices', async () => {
    await billed({ invoiceDate: '2018-02-01' });
    for (let i = 0; i < 4; i += 1) await billed({ invoiceDate: '2018-03-01' });
    const counted = async (from: string, to: string) => {
      const counting = countingStatements(test.db);
      const entries = await findExportInvoices(counting.db, { format: 'xero', from, to });
      return [entries.length, counting.count()];
    };
    // The collections, then the invoices, their cases, their lines and the billing addresses.
    expect(await counted('2018-02-01', '2018-02-28')).toEqual([1, 5]);
    expect(await counted('2018-02-01', '2018-03-31')).toEqual([5, 5]);
  });

  it('answers just the header when nothing is in the range', async () => {
    const { header, records } = csvRecords((await getExport('xero', '2019-01-01', '2019-01-31')).body);
    expect(header).toContain('*ContactName');
    expect(records).toEqual([]);
  });

  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas', async () => {
    await billed({
      payerName: '=HYPERLINK("http://evil.example","Click")',
      invoiceDate: '2020-07-01',
      purchaseOrder: '+61, "urgent"',
      lines: [
        { description: 'Bridge, upper\nwith "pink" gingiva', qty: '1', price: '10' },
        { description: '@SUM(A1:A2)', qty: '1', price: '5' },
      ],
      freight: '0',
    });
    const body = (await getExport('xero', '2020-07-01', '2020-07-01')).body;
    expect(body).toContain('"\'=HYPERLINK(""http://evil.example"",""Click"")"');
    const { records } = csvRecords(body);
    expect(records.map((r) => r['*Description'])).toEqual([
      expect.stringMatching(/ - Bridge, upper\nwith "pink" gingiva$/),
      expect.stringMatching(/ - @SUM\(A1:A2\)$/),
    ]);
    expect(records[0]?.['*ContactName']).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(records[0]?.Reference).toMatch(/^Case \d+ \/ PO \+61, "urgent"$/);
  });
});

describe('QuickBooks Online', () => {
  it("writes QuickBooks' invoice import with line amounts that add up to the invoice total", async () => {
    const invoice = await billed({
      invoiceDate: '2023-08-20',
      lines: [
        { description: 'Milling', qty: '1.5', price: '33.33' },
        { description: 'Discount', qty: '1', price: '-10' },
        { description: 'Unpriced', qty: '1', price: null },
      ],
      freight: '7.05',
      currency: 'NZD',
    });
    const response = await getExport('quickbooks', '2023-08-01', '2023-08-31');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="invoices-quickbooks-2023-08-01-2023-08-31.csv"',
    );
    const { header, records } = csvRecords(response.body);
    expect(header).toEqual(expect.arrayContaining(quickBooksColumns));
    expect(
      records.map((r) => [r['Item(Product/Service)'], r.ItemQuantity, r.ItemRate, r['*ItemAmount']]),
    ).toEqual([
      // 1.5 × 33.33 = 49.995, rounded half away from zero as the Billing view does.
      ['Sales', '1.5', '33.33', '50.00'],
      // A negative amount is a number, not a formula: no quote in front.
      ['Sales', '1', '-10.00', '-10.00'],
      ['Freight', '1', '7.05', '7.05'],
    ]);
    const total = records.reduce((sum, r) => sum + Math.round(Number(r['*ItemAmount']) * 100), 0);
    expect(total).toBe(4705);
    for (const record of records)
      expect(record).toMatchObject({
        InvoiceNo: String(invoice.invoiceNumber),
        Customer: 'Smile Partners Group',
        InvoiceDate: '20/08/2023',
        DueDate: '19/09/2023',
        Terms: 'Net 30',
        Memo: `Case ${invoice.collectionId} / PO PO-77`,
        Currency: 'NZD',
      });
  });
});

describe('tax columns', () => {
  const cents = (text: string | undefined): number => {
    const value = parseMoneyCents(text ?? '');
    if (value === null) throw new Error(`not money: ${text}`);
    return value;
  };

  /** The invoice as the Billing view reads it (its tax, its tax name). */
  const readInvoice = async (caseId: number, invoiceNumber: number): Promise<Invoice> => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/cases/${caseId}/invoicing/`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const found = caseInvoicesSchema.parse(response.json()).find((i) => i.invoice_number === invoiceNumber);
    if (!found) throw new Error(`invoice ${invoiceNumber} not read`);
    return found;
  };

  // Four rows of $12.35 (three lines and freight): 10 % GST of $49.40 is $4.94, while each row's own
  // 10 % is 123.5 cents — rounded row by row they would add up to $4.96. The allocation gives the rows
  // 124, 124, 123 and 123 cents.
  const evenRows = {
    lines: [
      { description: 'Screws', qty: '1', price: '12.35' },
      { description: 'Analogue', qty: '1', price: '12.35' },
      { description: 'Bridge', qty: '1', price: '12.35', dentate: 'LOWER' as const },
    ],
    freight: '12.35',
  };
  // Rows of different sizes: 1.5 × $33.33 = $50.00 (rounded), $10.05, $7.75 and $1.05 freight. 10 % of
  // $68.85 is $6.89 (6.885, half away from zero); three rows' own 10 % end in half a cent, so rounded row by
  // row they would add up to $6.90. The allocation gives 500, 101, 78 and 10 cents.
  const unevenRows = {
    lines: [
      { description: 'Milling', qty: '1.5', price: '33.33' },
      { description: 'Screw', qty: '1', price: '10.05' },
      { description: 'Analogue', qty: '1', price: '7.75', dentate: 'LOWER' as const },
    ],
    freight: '1.05',
  };

  /** The rows of one invoice in an export, keyed by the format's columns. */
  const exportRows = async (format: 'xero' | 'quickbooks', day: string, invoiceNumber: number) => {
    const { records } = csvRecords((await getExport(format, day, day)).body);
    const numberColumn = format === 'xero' ? '*InvoiceNumber' : 'InvoiceNo';
    return records.filter((r) => r[numberColumn] === String(invoiceNumber));
  };

  const columns = {
    // Xero works a row's amount out as quantity × unit amount; QuickBooks takes it.
    xero: {
      amount: (r: Record<string, string>) => Math.round(Number(r['*Quantity']) * cents(r['*UnitAmount'])),
      taxType: '*TaxType',
      taxAmount: 'TaxAmount',
    },
    quickbooks: {
      amount: (r: Record<string, string>) => cents(r['*ItemAmount']),
      taxType: '*ItemTaxCode',
      taxAmount: 'ItemTaxAmount',
    },
  } as const;

  it.each([
    ['xero', 'GST on Income', '2017-02-01', evenRows],
    ['quickbooks', 'GST', '2017-02-02', evenRows],
    ['xero', 'GST on Income', '2017-02-03', unevenRows],
    ['quickbooks', 'GST', '2017-02-04', unevenRows],
  ] as const)(
    "%s: an AU client at the Melbourne branch — '%s', the rows' tax adding up to the invoice's GST",
    async (format, taxType, day, rows) => {
      const invoice = await billed({ invoiceDate: day, ...rows });
      const read = await readInvoice(invoice.caseId, invoice.invoiceNumber);
      expect(read).toMatchObject({ tax_name: 'GST', tax_percent: 10, currency: 'AUD' });
      const taxCents = cents(read.tax);
      expect(taxCents).toBe(Math.round(cents(read.total) / 10));

      const records = await exportRows(format, day, invoice.invoiceNumber);
      expect(records).toHaveLength(4);
      const { amount, taxAmount } = columns[format];
      for (const record of records) {
        expect(record[columns[format].taxType]).toBe(taxType);
        expect(record[taxAmount]).toMatch(/^\d+\.\d{2}$/);
        // Each row its share of the invoice's tax, within a cent.
        const share = (amount(record) * taxCents) / cents(read.total);
        expect(Math.abs(cents(record[taxAmount]) - share)).toBeLessThan(1);
      }
      const rowAmounts = records.map(amount);
      expect(rowAmounts.reduce((sum, value) => sum + value, 0)).toBe(cents(read.total));
      const taxes = records.map((r) => cents(r[taxAmount]));
      expect(taxes.reduce((sum, value) => sum + value, 0)).toBe(taxCents);
      // Rounded row by row, the rows would not add up: allocation matters here.
      const rowByRow = rowAmounts.reduce((sum, value) => sum + Math.round(value / 10), 0);
      if (rows === evenRows) {
        expect(read.tax).toBe('4.94');
        expect(rowByRow).toBe(496);
        expect(taxes.toSorted((a, b) => b - a)).toEqual([124, 124, 123, 123]);
      } else {
        expect(read.tax).toBe('6.89');
        expect(rowByRow).toBe(690);
        expect(taxes).toEqual([500, 101, 78, 10]);
      }
    },
  );

  it.each([
    ['xero', 'GST Free Income', '2017-03-01'],
    ['quickbooks', 'FRE', '2017-03-02'],
  ] as const)(
    "%s: an NZ client billed from the Melbourne branch (an export) — '%s' and no tax on any row",
    async (format, taxType, day) => {
      const invoice = await billed({ invoiceDate: day, currency: 'NZD', ...unevenRows });
      const [row] = await test.db
        .select({ billTo: invoices.billing_client_id })
        .from(invoices)
        .where(eq(invoices.id, invoice.invoiceId));
      if (!row?.billTo) throw new Error('no billing client');
      await test.db
        .update(clients)
        .set({ country: 'NZ', suburb: 'Ponsonby', state: 'Auckland', postcode: '1011' })
        .where(eq(clients.id, row.billTo));
      const read = await readInvoice(invoice.caseId, invoice.invoiceNumber);
      expect(read).toMatchObject({ tax_name: null, tax: '0.00', currency: 'NZD' });
      expect(read.amount_due).toBe(read.total);

      const records = await exportRows(format, day, invoice.invoiceNumber);
      expect(records).toHaveLength(4);
      for (const record of records)
        expect(record).toMatchObject({
          [columns[format].taxType]: taxType,
          [columns[format].taxAmount]: '0.00',
          Currency: 'NZD',
        });
    },
  );
});
