import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatch_cases, dispatches, job_types } from '../../db/schema/index';
import { gtin14 } from './documents/gs1';
import { createPdfPrinter, decodeBarcode, pdfPagesText, renderPdfPage } from './printing-test-kit';
import {
  collection,
  keyOf,
  labelPrinterId,
  pdfOf,
  printed,
  readJob,
  receiptPrinterId,
  setUpPrintCase,
  staff,
  standIn,
  test,
  waitForJob,
} from './print-case-test-kit';

// POST /api/v2/case/{case_mkey}/print/ through HTTP on a real database: every document rendered and read
// back (its text through pdf.js, and the label's QR and Code 128 decoded from the rendered page) and sent over IPP to a
// stand-in printer (print-case-test-kit.ts).

setUpPrintCase();

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
