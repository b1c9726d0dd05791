import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  caseLabelLookupSchema,
  caseMkeyParams,
  printerInputSchema,
  printerParams,
  printerPatchSchema,
  printerRecordSchema,
  printingMessages,
  printJobParams,
  printJobSchema,
  printRequestSchema,
} from '@lab/domain';
import { sendCachedAnswer, serialiseAnswer } from '../../cache/cached-answer';
import { createReferenceCache } from '../../cache/reference-cache';
import type { Db } from '../../db/client';
import { cases, print_jobs } from '../../db/schema/index';
import { requireActor } from '../../http/access';
import { jobNames, type JobName } from '../../jobs/job-names';
import type { RealtimeBus } from '../../realtime/realtime-bus';
import type { FileStorage } from '../../storage/file-storage';
import { findCaseByMkey } from './load-print-data';
import { presentPrintJob } from './present-print-job';
import { printCase } from './print-case';
import { createPrinter, deletePrinter, findPrinterList, requireAdmin, updatePrinter } from './printer-admin';

// Printing (collection-views §7): print a case's document, read the job and its PDF, resolve a scanned
// case label, and the admin's printers. All staff; printer management is admin only (403).

export type PrintingRouteDeps = {
  db: Db;
  storage: FileStorage;
  gs1CompanyPrefix: string;
  jobs: { wake: (name: JobName) => void };
  realtime: RealtimeBus;
};

const findPrintJob = async (db: Db, id: number) => {
  const [row] = await db
    .select({ job: print_jobs, case_mkey: cases.case_mkey })
    .from(print_jobs)
    .innerJoin(cases, eq(cases.uid, print_jobs.case_uid))
    .where(eq(print_jobs.id, id))
    .limit(1);
  if (!row) throw new AppError('not_found', { message: printingMessages.printJobNotFound });
  return { ...row.job, case_mkey: row.case_mkey };
};

export const registerPrintingRoutes = (app: FastifyInstance, deps: PrintingRouteDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = deps;

  api.post(
    '/api/v2/case/:case_mkey/print/',
    {
      config: { access: 'staff', permission: 'print' },
      schema: { params: caseMkeyParams, body: printRequestSchema, response: { 201: printJobSchema } },
    },
    async (request, reply) => {
      const job = await printCase(
        { db, storage, gs1CompanyPrefix: deps.gs1CompanyPrefix },
        { caseMkey: request.params.case_mkey, body: request.body, actor: requireActor(request) },
      );
      if (job.status === 'queued') deps.jobs.wake(jobNames.printSend);
      return reply.status(201).send(job);
    },
  );

  api.get(
    '/api/v2/print_jobs/:id/',
    { config: { access: 'staff' }, schema: { params: printJobParams, response: { 200: printJobSchema } } },
    async (request) => presentPrintJob(await findPrintJob(db, request.params.id)),
  );

  api.get(
    '/api/v2/print_jobs/:id/pdf/',
    { config: { access: 'staff', cookieOrToken: true }, schema: { params: printJobParams } },
    async (request, reply) => {
      const job = await findPrintJob(db, request.params.id);
      const stream = await storage.open(job.storage_key).catch(() => {
        throw new AppError('not_found', { message: printingMessages.pdfMissing });
      });
      const filename = `${job.document_type}-${job.case_mkey}-${job.id}.pdf`.replace(/[^\w.-]/g, '_');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(job.pdf_size))
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  // Scan to open: what a case label's barcode carries (the case key) → the case and its collection.
  api.get(
    '/api/v2/case_labels/:case_mkey/',
    {
      config: { access: 'staff' },
      schema: { params: caseMkeyParams, response: { 200: caseLabelLookupSchema } },
    },
    async (request) => {
      const found = await findCaseByMkey(db, request.params.case_mkey.trim());
      if (!found) throw new AppError('not_found', { message: printingMessages.caseNotFound });
      return { case_mkey: found.case_mkey, case_uid: found.uid, collection_uid: found.collection_uid };
    },
  );

  // Admin only; the list is kept serialised in the process (every write publishes `printers`).
  const printerList = z.array(printerRecordSchema);
  const printersCache = createReferenceCache<null>(deps.realtime, 'printers', ['branches']);
  api.get(
    '/api/v2/printers/',
    { config: { access: 'staff' }, schema: { response: { 200: printerList } } },
    (request, reply) => {
      requireAdmin(requireActor(request));
      return sendCachedAnswer(
        request,
        reply,
        printersCache,
        null,
        async () => ({ value: serialiseAnswer(printerList, await findPrinterList(db)) }),
        { perUser: false },
      );
    },
  );

  api.post(
    '/api/v2/printers/',
    {
      config: { access: 'staff', permission: 'administer', refusal: printingMessages.adminOnly },
      schema: { body: printerInputSchema, response: { 201: printerRecordSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createPrinter(db, requireActor(request), request.body)),
  );

  api.patch(
    '/api/v2/printers/:printer_id/',
    {
      config: { access: 'staff', permission: 'administer', refusal: printingMessages.adminOnly },
      schema: { params: printerParams, body: printerPatchSchema, response: { 200: printerRecordSchema } },
    },
    (request) => updatePrinter(db, requireActor(request), request.params.printer_id, request.body),
  );

  api.delete(
    '/api/v2/printers/:printer_id/',
    {
      config: { access: 'staff', permission: 'administer', refusal: printingMessages.adminOnly },
      schema: { params: printerParams },
    },
    async (request, reply) => {
      await deletePrinter(db, requireActor(request), request.params.printer_id);
      return reply.status(204).send();
    },
  );
};
