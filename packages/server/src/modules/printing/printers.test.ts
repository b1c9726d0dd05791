import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  meSchema,
  printerRecordSchema,
  printingMessages,
  printJobSchema,
  type PrinterRecord,
} from '@lab/domain';
import { createPrinterGateway } from '../../adapters/ipp/printer-gateway';
import { audit_events, print_jobs } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection } from '../../testing/factories';
import { branchIdOf, createPdfPrinter, placeAtBranch, seededPrinter } from './printing-test-kit';
import { maxPrintTries, sendPrintJob } from './send-print-job';

// The admin's printers (list, create, update, delete with audit rows; admin only), the printers GET
// /api/me/ offers (the user's branches'), and the send job's last try. The app runs without
// IPP_PRINTER_URL, so its own in-process IPP stand-in takes the jobs, as on a fresh machine.

let test: TestApp;
let admin: SignedInUser;
let staff: SignedInUser;
let melbourne: number;
let sydney: number;

beforeAll(async () => {
  test = await createTestApp();
  admin = await signInAs(test, { admin: true, department: 'ADMIN' });
  staff = await signInAs(test, { department: 'DESIGN' });
  await placeAtBranch(test.db, staff.username, 'Melbourne');
  melbourne = await branchIdOf(test.db, 'Melbourne');
  sydney = await branchIdOf(test.db, 'Sydney');
}, 180_000);
afterAll(() => test.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  user: SignedInUser,
  payload?: Record<string, unknown>,
) => test.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });

const auditOf = (id: number) =>
  test.db
    .select()
    .from(audit_events)
    .where(and(eq(audit_events.entity_type, 'printer'), eq(audit_events.entity_id, String(id))))
    .orderBy(audit_events.id);

describe('GET /api/me/ printers', () => {
  it("lists the active printers of the user's branches, sorted by name", async () => {
    const response = await call('GET', '/api/me/', staff);
    expect(response.statusCode).toBe(200);
    const me = meSchema.parse(response.json());
    expect(me.printers.map((p) => p.printer_name)).toEqual([
      'Melbourne Dispatch Label (Zebra)',
      'Melbourne Front Desk Receipt',
      'Melbourne Lab Label (Zebra)',
      'Melbourne Office Laser',
    ]);
    expect(me.printers.map((p) => p.print_type)).toEqual(['label', 'receipt', 'label', 'document']);
  });

  it('lists none for an employee without a branch', async () => {
    const response = await call('GET', '/api/me/', admin);
    expect(meSchema.parse(response.json()).printers).toEqual([]);
  });
});

describe('the admin manages printers', () => {
  let created: PrinterRecord;

  it('lists every printer with its branch and address', async () => {
    const response = await call('GET', '/api/v2/printers/', admin);
    expect(response.statusCode).toBe(200);
    const list = printerRecordSchema.array().parse(response.json());
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list.find((p) => p.printer_name === 'Sydney Lab Label (Zebra)')).toMatchObject({
      branch: 'Sydney',
      print_type: 'label',
      destination: 'ipp://print-syd.lab.internal/label',
      is_active: true,
    });
  });

  it('creates a printer with an audit row, and it joins the branch staff list', async () => {
    const response = await call('POST', '/api/v2/printers/', admin, {
      printer_name: '  Melbourne Bench Label  ',
      print_type: 'label',
      branch_id: melbourne,
      destination: 'ipp://10.1.2.3:631/ipp/print',
    });
    expect(response.statusCode).toBe(201);
    created = printerRecordSchema.parse(response.json());
    expect(created).toMatchObject({
      printer_name: 'Melbourne Bench Label',
      branch: 'Melbourne',
      is_active: true,
    });
    const [audit] = await auditOf(created.id);
    expect(audit).toMatchObject({ action: 'created', actor_reference: admin.username });
    const me = meSchema.parse((await call('GET', '/api/me/', staff)).json());
    expect(me.printers.map((p) => p.printer_name)).toContain('Melbourne Bench Label');
  });

  it('updates only what changed, with the old and new values audited', async () => {
    const response = await call('PATCH', `/api/v2/printers/${created.id}/`, admin, {
      branch_id: sydney,
      destination: 'pdf',
      printer_name: 'Melbourne Bench Label',
    });
    expect(response.statusCode).toBe(200);
    expect(printerRecordSchema.parse(response.json())).toMatchObject({
      branch: 'Sydney',
      destination: 'pdf',
    });
    const audits = await auditOf(created.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'updated',
      changed_values: {
        branch_id: { old: melbourne, new: sydney },
        destination: { old: 'ipp://10.1.2.3:631/ipp/print', new: 'pdf' },
      },
    });
    const me = meSchema.parse((await call('GET', '/api/me/', staff)).json());
    expect(me.printers.map((p) => p.printer_name)).not.toContain('Melbourne Bench Label');
  });

  it('deletes a printer with an audit row', async () => {
    const response = await call('DELETE', `/api/v2/printers/${created.id}/`, admin);
    expect(response.statusCode).toBe(204);
    expect((await auditOf(created.id)).at(-1)).toMatchObject({ action: 'deleted' });
    const again = await call('DELETE', `/api/v2/printers/${created.id}/`, admin);
    expect(again.statusCode).toBe(404);
    expect(errorMessage(again)).toBe(printingMessages.printerNotFound);
  });

  it('answers 400 for a blank name, a bad address, a bad type or an unknown branch', async () => {
    const valid = { printer_name: 'X', print_type: 'label', branch_id: melbourne, destination: 'pdf' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, printer_name: '   ' }, 'printer_name', printingMessages.blank],
      [{ ...valid, destination: 'lpr://queue' }, 'destination', printingMessages.badDestination],
      [{ ...valid, destination: 'ipp://' }, 'destination', printingMessages.badDestination],
      [{ ...valid, print_type: 'fax' }, 'print_type', printingMessages.mustBeSelected],
      [{ ...valid, branch_id: 999_999 }, 'branch_id', printingMessages.unknownBranch],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('POST', '/api/v2/printers/', admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields[field]).toBe(
        message,
      );
    }
    const badPatch = await call(
      'PATCH',
      `/api/v2/printers/${(await seededPrinter(test.db, 'Sydney', 'Office Laser')).id}/`,
      admin,
      {
        destination: 'smb://share',
      },
    );
    expect(badPatch.statusCode).toBe(400);
    expect(errorMessage(badPatch)).toBe(printingMessages.badDestination);
  });

  it('answers 404 for an unknown printer and 403 for everyone but an administrator', async () => {
    const unknown = await call('PATCH', '/api/v2/printers/999999/', admin, { is_active: false });
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe(printingMessages.printerNotFound);
    const someone = (await seededPrinter(test.db, 'Sydney', 'Office Laser')).id;
    for (const [method, url, body] of [
      ['GET', '/api/v2/printers/', undefined],
      [
        'POST',
        '/api/v2/printers/',
        { printer_name: 'X', print_type: 'label', branch_id: melbourne, destination: 'pdf' },
      ],
      ['PATCH', `/api/v2/printers/${someone}/`, { is_active: false }],
      ['DELETE', `/api/v2/printers/${someone}/`, undefined],
    ] as const) {
      const response = await call(method, url, staff, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(errorMessage(response)).toBe(printingMessages.adminOnly);
    }
  });
});

describe('sending without IPP_PRINTER_URL', () => {
  it("goes to the app's own IPP stand-in and is recorded as sent", async () => {
    const collection = await createCollection(test.db, { patientReference: 'Stand-in Patient' });
    const caseMkey = collection.cases[0]?.case_mkey ?? '';
    const printer = await seededPrinter(test.db, 'Melbourne', 'Dispatch Label (Zebra)');
    const response = await call('POST', `/api/v2/case/${caseMkey}/print/`, staff, {
      document_type: 'label',
      quantity: 1,
      printer_id: printer.id,
      bundle: 'one',
    });
    expect(response.statusCode).toBe(201);
    const { id } = printJobSchema.parse(response.json());
    const until = Date.now() + 15_000;
    let status = 'queued';
    while (status === 'queued' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = printJobSchema.parse((await call('GET', `/api/v2/print_jobs/${id}/`, staff)).json()).status;
    }
    expect(status).toBe('sent');
  });

  it('fails the job on its last try, with the reason', async () => {
    const collection = await createCollection(test.db, { patientReference: 'Unreachable Patient' });
    const caseMkey = collection.cases[0]?.case_mkey ?? '';
    // Printed to a pdf printer (kept: no send job exists), then made a queued job on its last try to a
    // port nothing listens on, so only this call sends it.
    const pdfPrinter = await createPdfPrinter(test.db, 'Melbourne', 'label');
    const response = await call('POST', `/api/v2/case/${caseMkey}/print/`, staff, {
      document_type: 'label',
      quantity: 1,
      printer_id: pdfPrinter.id,
    });
    const { id } = printJobSchema.parse(response.json());
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await test.db
      .update(print_jobs)
      .set({ status: 'queued', tries: maxPrintTries - 1, destination: `ipp://127.0.0.1:${port}/x` })
      .where(eq(print_jobs.id, id));

    const gateway = createPrinterGateway({ ippPrinterUrl: 'direct', timeoutMs: 2_000 });
    await sendPrintJob({ db: test.db, storage: test.storage, printing: gateway, now: () => new Date() }, id);
    await gateway.close();
    const job = printJobSchema.parse((await call('GET', `/api/v2/print_jobs/${id}/`, staff)).json());
    expect(job).toMatchObject({ status: 'failed', tries: maxPrintTries });
    expect(job.error).toBe(`The printer at http://127.0.0.1:${port}/x could not be reached (ECONNREFUSED)`);

    // A failed or sent job is never sent again.
    await sendPrintJob({ db: test.db, storage: test.storage, printing: null, now: () => new Date() }, id);
    expect(printJobSchema.parse((await call('GET', `/api/v2/print_jobs/${id}/`, staff)).json()).tries).toBe(
      maxPrintTries,
    );
  });
});
