import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  AppError,
  canPrintRelated,
  fieldError,
  pdfPrinterDestination,
  printerTypeForDocument,
  printingMessages,
  wrongPrinterTypeMessage,
  type PrintBundle,
  type PrintJob,
  type PrintRequest,
  type PrintType,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db } from '../../db/client';
import { print_jobs, printers } from '../../db/schema/index';
import { enqueueJob } from '../../jobs/enqueue-job';
import { jobNames } from '../../jobs/job-names';
import type { FileStorage } from '../../storage/file-storage';
import { generateStorageKey } from '../../storage/generate-key';
import { renderPrintDocument, type PrintableDocument } from './documents/render-print-document';
import {
  findCaseByMkey,
  findCaseDispatch,
  findGroupCaseUids,
  loadPrintCases,
  loadPrintCollection,
  type PrintDispatch,
} from './load-print-data';
import { presentPrintJob } from './present-print-job';
import { isStaffPrinter } from './staff-printers';

// POST /api/v2/case/{case_mkey}/print/: checks the request (document type, the printer's kind and branch),
// renders the document as a PDF from the case as it is now, stores it, and records the print job in one
// transaction with the job that sends it (a `pdf` printer only keeps it: status kept, nothing queued).

export type PrintCaseDeps = { db: Db; storage: FileStorage; gs1CompanyPrefix: string };

const loadPrinter = async (db: Db, printerId: number) => {
  const [printer] = await db.select().from(printers).where(eq(printers.id, printerId)).limit(1);
  return printer ?? null;
};

/** The printer may print this document for this employee, else the 400 that says why. */
const checkPrinter = async (
  db: Db,
  actor: StaffActor,
  documentType: PrintableDocument,
  printerId: number,
) => {
  const printer = await loadPrinter(db, printerId);
  if (!printer) throw fieldError('printer_id', printingMessages.printerNotFound);
  const printType = printer.print_type as PrintType;
  if (printerTypeForDocument(documentType) !== printType) {
    throw fieldError(
      'printer_id',
      wrongPrinterTypeMessage(documentType, { ...printer, print_type: printType }),
    );
  }
  if (!(await isStaffPrinter(db, actor, printer.id)))
    throw fieldError('printer_id', printingMessages.otherBranch);
  if (!printer.is_active) throw fieldError('printer_id', printingMessages.printerInactive);
  if (!printer.destination) throw fieldError('printer_id', printingMessages.printerNoAddress);
  return { ...printer, destination: printer.destination };
};

/**
 * The cases the document holds, the printed one first. A packing slip of a sent case is its dispatch's
 * box; otherwise bundle all adds the case's group (UDI labels name one device, so always one).
 */
const casesToPrint = async (
  db: Db,
  found: NonNullable<Awaited<ReturnType<typeof findCaseByMkey>>>,
  documentType: PrintableDocument,
  requested: PrintBundle,
): Promise<{ bundle: PrintBundle; caseUids: string[]; dispatch: PrintDispatch | null }> => {
  const bundle: PrintBundle = canPrintRelated(documentType) ? requested : 'one';
  const dispatch = documentType === 'packing_slip' ? await findCaseDispatch(db, found.uid) : null;
  if (dispatch) {
    return {
      bundle,
      caseUids: [found.uid, ...dispatch.case_uids.filter((uid) => uid !== found.uid)],
      dispatch,
    };
  }
  const group = bundle === 'all' ? await findGroupCaseUids(db, found) : [];
  return { bundle, caseUids: [found.uid, ...group], dispatch: null };
};

const storePdf = async (storage: FileStorage, pdf: Buffer) => {
  const folder = await mkdtemp(path.join(tmpdir(), 'lab-print-'));
  try {
    const file = path.join(folder, 'document.pdf');
    await writeFile(file, pdf, { mode: 0o600 });
    const storageKey = generateStorageKey();
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    await storage.put(storageKey, file, { contentType: 'application/pdf', sha256 });
    return { storageKey, sha256 };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

export const printCase = async (
  deps: PrintCaseDeps,
  options: { caseMkey: string; body: Required<PrintRequest>; actor: StaffActor; now?: Date },
): Promise<PrintJob> => {
  const { db, storage } = deps;
  const { body, actor } = options;
  if (body.document_type === 'qc') throw fieldError('document_type', printingMessages.qcIsLegacy);
  const documentType = body.document_type;
  const found = await findCaseByMkey(db, options.caseMkey);
  if (!found) throw new AppError('not_found', { message: printingMessages.caseNotFound });
  const printer = await checkPrinter(db, actor, documentType, body.printer_id);

  const { bundle, caseUids, dispatch } = await casesToPrint(db, found, documentType, body.bundle);
  const [collection, cases] = await Promise.all([
    loadPrintCollection(db, found.collection_uid),
    loadPrintCases(db, caseUids),
  ]);
  if (!collection) throw new AppError('not_found', { message: printingMessages.caseNotFound });
  const now = options.now ?? new Date();
  const rendered = await renderPrintDocument({
    documentType,
    quantity: body.quantity,
    cases,
    collection,
    dispatch,
    printedBy: `${actor.first_name} ${actor.last_name}`.trim() || actor.username,
    gs1CompanyPrefix: deps.gs1CompanyPrefix,
    now,
  });
  const stored = await storePdf(storage, rendered.pdf);
  const isKept = printer.destination === pdfPrinterDestination;
  try {
    const row = await inTransaction(db, async (tx) => {
      const [inserted] = await tx
        .insert(print_jobs)
        .values({
          case_uid: found.uid,
          case_mkeys: cases.map((item) => item.case_mkey),
          document_type: documentType,
          bundle,
          quantity: body.quantity,
          pages: rendered.pages,
          printer_id: printer.id,
          printer_name: printer.printer_name,
          destination: printer.destination,
          status: isKept ? 'kept' : 'queued',
          storage_key: stored.storageKey,
          pdf_size: rendered.pdf.length,
          pdf_sha256: stored.sha256,
          requested_by_id: actor.id,
          requested_by: actor.username,
          created_at: now,
          updated_at: now,
        })
        .returning();
      if (!inserted) throw new Error('print job was not recorded');
      if (!isKept) await enqueueJob(tx, jobNames.printSend, { print_job_id: inserted.id });
      return inserted;
    });
    return presentPrintJob({ ...row, case_mkey: found.case_mkey });
  } catch (error) {
    await storage.remove(stored.storageKey).catch(() => undefined);
    throw error;
  }
};
