import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  printingMessages,
  printJobSchema,
  wrongPrinterTypeMessage,
  type PrintJob,
  type PrintRequest,
} from '@lab/domain';
import { startIppStandIn, type IppStandIn } from '../../adapters/ipp/ipp-stand-in';
import { dispatch_cases, dispatches, job_types, print_jobs, printers } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, createImplant, type CreatedCollection } from '../../testing/factories';
import { gtin14 } from './documents/gs1';
import {
  createPdfPrinter,
  createPickedSlip,
  decodeBarcode,
  pdfPagesText,
  placeAtBranch,
  renderPdfPage,
  seededPrinter,
} from './printing-test-kit';

// POST /api/v2/case/{case_mkey}/print/ through HTTP on a real database: every document rendered and read
// back (pdftotext, and the label's QR and Code 128 decoded from the rendered page), sent over IPP to a
// stand-in printer this test starts on a free port (IPP_PRINTER_URL), and every refusal.

let standIn: IppStandIn;
let test: TestApp;
let staff: SignedInUser;
let sydneyStaff: SignedInUser;
let collection: CreatedCollection;
let labelPrinterId: number;
let receiptPrinterId: number;

const keyOf = (ordinal: number) => collection.cases[ordinal - 1]?.case_mkey ?? '';

beforeAll(async () => {
  standIn = await startIppStandIn();
  test = await createTestApp({ env: { IPP_PRINTER_URL: standIn.printerUri('printers/lab-melbourne') } });
  staff = await signInAs(test, { department: 'POLISHING' });
  await placeAtBranch(test.db, staff.username, 'Melbourne');
  sydneyStaff = await signInAs(test, { department: 'POLISHING' });
  await placeAtBranch(test.db, sydneyStaff.username, 'Sydney');
  labelPrinterId = (await seededPrinter(test.db, 'Melbourne', 'Lab Label (Zebra)')).id;
  receiptPrinterId = (await seededPrinter(test.db, 'Melbourne', 'Front Desk Receipt')).id;

  collection = await createCollection(test.db, {
    clientName: 'Collins Street Dental Group',
    patientReference: 'Jane Smithson',
    vip: true,
    cases: [
      {
        jobTypeName: 'Screw-Retained Bridge',
        dentate: 'UPPER',
        groupNumber: 1,
        statusName: 'Ready for Dispatch',
        internalDue: new Date('2026-11-24T06:00:00Z'),
        fields: {
          material_batch_number: 'ZR-24-0815',
          date_machining_complete: new Date('2026-11-18T04:00:00Z'),
        },
      },
      { jobTypeName: 'Custom Abutment', dentate: 'LOWER', groupNumber: 1, statusName: 'Ready for Dispatch' },
      { jobTypeName: 'Try-In', dentate: 'UPPER', statusName: 'Polishing', fields: { warranty_void: true } },
    ],
  });
  const [first] = collection.cases;
  if (!first) throw new Error('no case');
  await createImplant(test.db, first.uid, { tooth: 14 });
  await createImplant(test.db, first.uid, { tooth: 16 });
  await createPickedSlip(
    test.db,
    first.uid,
    [
      { code: 'SCR-NB-CC', description: 'Prosthetic screw NobelActive CC', type: 'screw', quantity: 2 },
      { code: 'TIB-NB-RP', description: 'Ti-base Nobel CC RP', type: 'tibase', quantity: 2 },
    ],
    ['L240918', 'TB-77812'],
  );
}, 180_000);
afterAll(async () => {
  await test.close();
  await standIn.close();
});

const print = (caseMkey: string, body: Partial<PrintRequest> | Record<string, unknown>, user = staff) =>
  test.app.inject({
    method: 'POST',
    url: `/api/v2/case/${caseMkey}/print/`,
    headers: user.headers,
    payload: body,
  });

const printed = async (caseMkey: string, body: PrintRequest): Promise<PrintJob> => {
  const response = await print(caseMkey, body);
  expect(response.statusCode, response.body).toBe(201);
  return printJobSchema.parse(response.json());
};

const readJob = async (id: number): Promise<PrintJob> => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/print_jobs/${id}/`,
    headers: staff.headers,
  });
  expect(response.statusCode).toBe(200);
  return printJobSchema.parse(response.json());
};

const waitForJob = async (id: number, isDone: (job: PrintJob) => boolean, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await readJob(id);
    if (isDone(job)) return job;
    if (Date.now() > until) throw new Error(`print job ${id} stayed ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const pdfOf = async (job: PrintJob): Promise<Buffer> => {
  const response = await test.app.inject({ method: 'GET', url: job.pdf_url, headers: staff.headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
};

describe('printing a case label', () => {
  it('renders the label, sends it over IPP and records the printer took it', async () => {
    const before = standIn.jobs.length;
    const job = await printed(keyOf(1), {
      document_type: 'label',
      quantity: 1,
      printer_id: labelPrinterId,
      bundle: 'one',
    });
    expect(job).toMatchObject({
      case_mkey: keyOf(1),
      case_mkeys: [keyOf(1)],
      document_type: 'label',
      bundle: 'one',
      printer_name: 'Melbourne Lab Label (Zebra)',
      status: 'queued',
      pages: 1,
      requested_by: staff.username,
      pdf_url: `/api/v2/print_jobs/${job.id}/pdf/`,
    });
    const sent = await waitForJob(job.id, (j) => j.status !== 'queued');
    expect(sent).toMatchObject({ status: 'sent', tries: 1, error: null });
    expect(sent.sent_at).not.toBeNull();

    // The printer got exactly the PDF the link serves, named for the case, from the employee.
    const pdf = await pdfOf(job);
    const received = standIn.jobs.slice(before).find((j) => j.jobName === `Case Label ${keyOf(1)}`);
    expect(received?.userName).toBe(staff.username);
    expect(received?.path).toBe('/printers/lab-melbourne');
    expect(received?.document.equals(pdf)).toBe(true);

    const [text] = await pdfPagesText(pdf);
    for (const expected of [
      keyOf(1),
      'Jane Smithson',
      'Collins Street Dental Group',
      'Screw-Retained Bridge',
      'Upper · 14 16',
      'VIP',
      'MEL',
      'Due 24 Nov 2026',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('carries the case key in a QR code and a Code 128 barcode a scanner reads', async () => {
    const job = await printed(keyOf(1), { document_type: 'label', quantity: 1, printer_id: labelPrinterId });
    const page = await renderPdfPage(await pdfOf(job), 1, 300);
    expect(await decodeBarcode(page, 'qrcode')).toBe(keyOf(1));
    expect(await decodeBarcode(page, 'code128')).toBe(keyOf(1));
  });

  it('prints the related (grouped) cases with bundle all, each copy collated', async () => {
    const job = await printed(keyOf(1), {
      document_type: 'label',
      quantity: 2,
      printer_id: labelPrinterId,
      bundle: 'all',
    });
    expect(job.case_mkeys).toEqual([keyOf(1), keyOf(2)]);
    expect(job.pages).toBe(4);
    const pages = await pdfPagesText(await pdfOf(job));
    expect(pages.map((page) => (page.includes(keyOf(1)) ? 1 : 2))).toEqual([1, 2, 1, 2]);
    expect(pages[1]).toContain('Custom Abutment');
  });

  it('keeps the PDF of a pdf printer and sends nothing', async () => {
    const pdfPrinter = await createPdfPrinter(test.db, 'Melbourne', 'label');
    const before = standIn.jobs.length;
    const job = await printed(keyOf(2), { document_type: 'label', quantity: 1, printer_id: pdfPrinter.id });
    expect(job.status).toBe('kept');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await readJob(job.id)).status).toBe('kept');
    expect(standIn.jobs.length).toBe(before);
    expect((await pdfPagesText(await pdfOf(job)))[0]).toContain(keyOf(2));
  });
});

describe('the other documents', () => {
  it('prints a receipt on the receipt printer', async () => {
    const job = await printed(keyOf(1), {
      document_type: 'receipt',
      quantity: 1,
      printer_id: receiptPrinterId,
      bundle: 'all',
    });
    const [text] = await pdfPagesText(await pdfOf(job));
    for (const expected of [
      'CASE RECEIPT',
      'Osteon Medical',
      String(collection.collection_id),
      'Collins Street Dental Group',
      'Jane Smithson',
      keyOf(1),
      keyOf(2),
      'Not yet received',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints a packing slip of the parts and lots, then of the dispatch once sent', async () => {
    const before = await printed(keyOf(1), {
      document_type: 'packing_slip',
      quantity: 1,
      printer_id: receiptPrinterId,
      bundle: 'all',
    });
    const [packed] = await pdfPagesText(await pdfOf(before));
    for (const expected of [
      'PACKING SLIP',
      'not dispatched yet',
      'SHIP TO',
      'Collins Street Dental Group',
      keyOf(1),
      keyOf(2),
      '2 x SCR-NB-CC Prosthetic screw NobelActive CC',
      'Lot L240918',
      'Lot TB-77812',
    ]) {
      expect(packed).toContain(expected);
    }
    expect(packed).not.toContain(keyOf(3));

    const [sent] = await test.db
      .insert(dispatches)
      .values({
        collection_uid: collection.uid,
        courier: 'StarTrack',
        tracking_reference: 'ST123456789AU',
        shipping_address: {
          address_line_1: '9 Dock Road',
          address_line_2: null,
          suburb: 'Geelong',
          state: 'VIC',
          postcode: '3220',
          country: 'AU',
        },
      })
      .returning();
    if (!sent) throw new Error('no dispatch');
    await test.db.insert(dispatch_cases).values(
      [keyOf(2), keyOf(1)].map((key) => ({
        dispatch_id: sent.id,
        case_uid: collection.cases.find((c) => c.case_mkey === key)?.uid ?? '',
      })),
    );
    const after = await printed(keyOf(2), {
      document_type: 'packing_slip',
      quantity: 1,
      printer_id: receiptPrinterId,
      bundle: 'one',
    });
    expect(after.case_mkeys).toEqual([keyOf(2), keyOf(1)]);
    const [shipped] = await pdfPagesText(await pdfOf(after));
    for (const expected of [
      'StarTrack',
      'ST123456789AU',
      '9 Dock Road',
      'Geelong VIC 3220',
      keyOf(1),
      keyOf(2),
    ]) {
      expect(shipped).toContain(expected);
    }
  });

  it('prints warranty cards: five years for a final prosthesis, void when the warranty is void', async () => {
    const valid = await printed(keyOf(1), {
      document_type: 'warranty',
      quantity: 1,
      printer_id: labelPrinterId,
    });
    const [card] = await pdfPagesText(await pdfOf(valid));
    for (const expected of [
      'WARRANTY CARD',
      '5-YEAR WARRANTY',
      'Jane Smithson',
      'Screw-Retained Bridge',
      'ZR-24-0815',
      '14 16 Nobel Biocare CC RP',
    ]) {
      expect(card).toContain(expected);
    }
    const voided = await printed(keyOf(3), {
      document_type: 'warranty',
      quantity: 1,
      printer_id: labelPrinterId,
    });
    const [voidCard] = await pdfPagesText(await pdfOf(voided));
    expect(voidCard).toContain('WARRANTY VOID');
    expect(voidCard).not.toContain('YEAR WARRANTY');
  });

  it('prints a UDI label in GS1 format with the lots of the picking slip, always for one device', async () => {
    const [jobType] = await test.db
      .select()
      .from(job_types)
      .where(eq(job_types.name, 'Screw-Retained Bridge'));
    const gtin = gtin14(test.config.gs1CompanyPrefix, jobType?.id ?? 0);
    const job = await printed(keyOf(1), {
      document_type: 'udi',
      quantity: 1,
      printer_id: labelPrinterId,
      bundle: 'all',
    });
    expect(job).toMatchObject({ bundle: 'one', case_mkeys: [keyOf(1)] });
    const pdf = await pdfOf(job);
    const [text] = await pdfPagesText(pdf);
    for (const expected of [
      `(01)${gtin}`,
      '(11)261118',
      '(10)ZR-24-0815',
      `(21)${keyOf(1)}`,
      '(240)SCR-NB-CC(10)L240918',
      '(240)TIB-NB-RP(10)TB-77812',
      'L240918',
      'TB-77812',
      'Lots from picking slip',
    ]) {
      expect(text).toContain(expected);
    }
    // The DataMatrix carries the same element string (FNC1 separates the variable-length fields).
    const page = await renderPdfPage(pdf, 1, 300);
    const decoded = await decodeBarcode(page, 'datamatrix', { left: 0, top: 0, width: 0.35, height: 0.6 });
    expect(decoded.replaceAll(String.fromCharCode(0x1d), '|')).toBe(
      `|01${gtin}11261118` + `10ZR-24-0815|21${keyOf(1)}`,
    );
  });
});

describe('refusals', () => {
  const base = { quantity: 1, printer_id: 0, bundle: 'one' } as const;

  it('answers 400 for a bad document type, QC, a bad quantity or no printer', async () => {
    const unknown = await print(keyOf(1), { ...base, printer_id: labelPrinterId, document_type: 'invoice' });
    expect(unknown.statusCode).toBe(400);
    expect(errorMessage(unknown)).toBe(printingMessages.unknownDocumentType);

    const qc = await print(keyOf(1), { ...base, printer_id: labelPrinterId, document_type: 'qc' });
    expect(qc.statusCode).toBe(400);
    expect(errorMessage(qc)).toBe(printingMessages.qcIsLegacy);

    for (const quantity of [0, 7, 1.5]) {
      const response = await print(keyOf(1), {
        ...base,
        printer_id: labelPrinterId,
        document_type: 'label',
        quantity,
      });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe(printingMessages.quantityRange);
    }
    const noPrinter = await print(keyOf(1), { document_type: 'label', quantity: 1 });
    expect(noPrinter.statusCode).toBe(400);
    expect(errorMessage(noPrinter)).toBe(printingMessages.mustBeSelected);

    const missing = await print(keyOf(1), { ...base, document_type: 'label', printer_id: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(errorMessage(missing)).toBe(printingMessages.printerNotFound);
  });

  it('answers 400 for a printer of the wrong type', async () => {
    const labelOnReceipt = await print(keyOf(1), {
      ...base,
      document_type: 'label',
      printer_id: receiptPrinterId,
    });
    expect(labelOnReceipt.statusCode).toBe(400);
    expect(errorMessage(labelOnReceipt)).toBe(
      wrongPrinterTypeMessage('label', {
        printer_name: 'Melbourne Front Desk Receipt',
        print_type: 'receipt',
      }),
    );
    expect(errorMessage(labelOnReceipt)).toBe(
      'A case label prints on a label printer; Melbourne Front Desk Receipt is a receipt printer',
    );
    const slipOnLabel = await print(keyOf(1), {
      ...base,
      document_type: 'packing_slip',
      printer_id: labelPrinterId,
    });
    expect(errorMessage(slipOnLabel)).toBe(
      'A packing slip prints on a receipt printer; Melbourne Lab Label (Zebra) is a label printer',
    );
    const office = await seededPrinter(test.db, 'Melbourne', 'Office Laser');
    const onDocumentPrinter = await print(keyOf(1), { ...base, document_type: 'udi', printer_id: office.id });
    expect(onDocumentPrinter.statusCode).toBe(400);
  });

  it("answers 400 for another branch's printer and for one out of use", async () => {
    const sydneyLabel = await seededPrinter(test.db, 'Sydney', 'Lab Label (Zebra)');
    const other = await print(keyOf(1), { ...base, document_type: 'label', printer_id: sydneyLabel.id });
    expect(other.statusCode).toBe(400);
    expect(errorMessage(other)).toBe(printingMessages.otherBranch);
    // The Sydney employee prints there, but not on Melbourne's.
    expect(
      (await print(keyOf(1), { ...base, document_type: 'label', printer_id: sydneyLabel.id }, sydneyStaff))
        .statusCode,
    ).toBe(201);
    expect(
      errorMessage(
        await print(keyOf(1), { ...base, document_type: 'label', printer_id: labelPrinterId }, sydneyStaff),
      ),
    ).toBe(printingMessages.otherBranch);

    const spare = await createPdfPrinter(test.db, 'Melbourne', 'receipt');
    await test.db.update(printers).set({ is_active: false }).where(eq(printers.id, spare.id));
    const inactive = await print(keyOf(1), { ...base, document_type: 'receipt', printer_id: spare.id });
    expect(inactive.statusCode).toBe(400);
    expect(errorMessage(inactive)).toBe(printingMessages.printerInactive);
  });

  it('answers 404 for an unknown case, print job or PDF, and 401 without a token', async () => {
    const noCase = await print('999999-01', { ...base, document_type: 'label', printer_id: labelPrinterId });
    expect(noCase.statusCode).toBe(404);
    expect(errorMessage(noCase)).toBe(printingMessages.caseNotFound);
    for (const url of ['/api/v2/print_jobs/999999/', '/api/v2/print_jobs/999999/pdf/']) {
      const response = await test.app.inject({ method: 'GET', url, headers: staff.headers });
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe(printingMessages.printJobNotFound);
    }
    const anonymous = await test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${keyOf(1)}/print/`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('scan to open', () => {
  it('resolves a scanned case key to its case and collection', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/v2/case_labels/${keyOf(2)}/`,
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      case_mkey: keyOf(2),
      case_uid: collection.cases[1]?.uid,
      collection_uid: collection.uid,
    });
    const unknown = await test.app.inject({
      method: 'GET',
      url: '/api/v2/case_labels/999999-09/',
      headers: staff.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe(printingMessages.caseNotFound);
  });
});

describe('a printer that refuses', () => {
  it('records the refusal, tries again and then sends', async () => {
    // Earlier tests' jobs are sent first, so the refusal meets this one.
    const until = Date.now() + 15_000;
    while ((await test.db.select().from(print_jobs).where(eq(print_jobs.status, 'queued'))).length > 0) {
      if (Date.now() > until) throw new Error('earlier print jobs stayed queued');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    standIn.control({ refuseNext: 1 });
    const job = await printed(keyOf(1), { document_type: 'label', quantity: 1, printer_id: labelPrinterId });
    const refused = await waitForJob(job.id, (j) => j.error !== null || j.status !== 'queued');
    expect(refused).toMatchObject({ status: 'queued', tries: 1 });
    expect(refused.error).toBe(
      'The printer refused the job (server-error-busy): The stand-in printer is busy',
    );
    // pg-boss tries again 5 s later.
    const sent = await waitForJob(job.id, (j) => j.status === 'sent', 25_000);
    expect(sent).toMatchObject({ tries: 2, error: null });
  }, 180_000);
});
