import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { printingMessages, wrongPrinterTypeMessage } from '@lab/domain';
import { selectRows } from '../../db/client';
import { print_jobs, printers } from '../../db/schema/index';
import { eventually } from '../../mail/mail-test-kit';
import { errorMessage } from '../../testing';
import { createPdfPrinter, seededPrinter } from './printing-test-kit';
import {
  collection,
  keyOf,
  labelPrinterId,
  print,
  printed,
  receiptPrinterId,
  setUpPrintCase,
  staff,
  standIn,
  sydneyStaff,
  test,
  waitForJob,
} from './print-case-test-kit';

// POST /api/v2/case/{case_mkey}/print/ refused (400, 404, 401), scan to open, and a printer that refuses a
// job and takes it on the next try (print-case-test-kit.ts).

setUpPrintCase();

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
    // pg-boss tries again 5–10 s later (the queue's retryDelay of 5 s, backing off with jitter), all of this
    // test's time: once pg-boss has put the job back to wait for that try, the test brings it forward, as a
    // moved clock would. That there is a try again at all is the queue's settings, and is what this checks.
    await eventually(async () => {
      const [retry] = await selectRows<{ id: string }>(
        test.db,
        sql`UPDATE pgboss.job SET start_after = now()
            WHERE name = 'print-send' AND state = 'retry' AND data->>'print_job_id' = ${String(job.id)}
            RETURNING id`,
      );
      return retry;
    });
    const sent = await waitForJob(job.id, (j) => j.status === 'sent', 25_000);
    expect(sent).toMatchObject({ tries: 2, error: null });
  }, 180_000);
});
