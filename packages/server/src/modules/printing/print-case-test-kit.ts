import { afterAll, beforeAll, expect } from 'vitest';
import { printJobSchema, type PrintJob, type PrintRequest } from '@lab/domain';
import { startIppStandIn, type IppStandIn } from '../../adapters/ipp/ipp-stand-in';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, createImplant, type CreatedCollection } from '../../testing/factories';
import { createPickedSlip, placeAtBranch, seededPrinter } from './printing-test-kit';

// The set-up the print-case tests share: an app whose IPP_PRINTER_URL is a stand-in printer on a free port,
// Melbourne and Sydney staff, the seeded printers, and a collection whose cases carry implants and a picked
// slip; plus the calls they make. A test file calls `setUpPrintCase()` once at its top; the bindings below
// are filled by its beforeAll.

export let standIn: IppStandIn;
export let test: TestApp;
export let staff: SignedInUser;
export let sydneyStaff: SignedInUser;
export let collection: CreatedCollection;
export let labelPrinterId: number;
export let receiptPrinterId: number;

export const keyOf = (ordinal: number) => collection.cases[ordinal - 1]?.case_mkey ?? '';

export const setUpPrintCase = (): void => {
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
        {
          jobTypeName: 'Custom Abutment',
          dentate: 'LOWER',
          groupNumber: 1,
          statusName: 'Ready for Dispatch',
        },
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
};

export const print = (
  caseMkey: string,
  body: Partial<PrintRequest> | Record<string, unknown>,
  user = staff,
) =>
  test.app.inject({
    method: 'POST',
    url: `/api/v2/case/${caseMkey}/print/`,
    headers: user.headers,
    payload: body,
  });

export const printed = async (caseMkey: string, body: PrintRequest): Promise<PrintJob> => {
  const response = await print(caseMkey, body);
  expect(response.statusCode, response.body).toBe(201);
  return printJobSchema.parse(response.json());
};

export const readJob = async (id: number): Promise<PrintJob> => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/print_jobs/${id}/`,
    headers: staff.headers,
  });
  expect(response.statusCode).toBe(200);
  return printJobSchema.parse(response.json());
};

export const waitForJob = async (id: number, isDone: (job: PrintJob) => boolean, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await readJob(id);
    if (isDone(job)) return job;
    if (Date.now() > until) throw new Error(`print job ${id} stayed ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

export const pdfOf = async (job: PrintJob): Promise<Buffer> => {
  const response = await test.app.inject({ method: 'GET', url: job.pdf_url, headers: staff.headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
};
