import { and, eq, sql } from 'drizzle-orm';
import { printDocumentLabels, printingMessages, type PrintDocumentType } from '@lab/domain';
import type { PrinterGateway } from '../../adapters/ipp/printer-gateway';
import { inTransaction, type Db } from '../../db/client';
import { print_jobs } from '../../db/schema/index';
import type { FileStorage } from '../../storage/file-storage';

// The 'print-send' job: one try at sending a queued print job's PDF to its printer over IPP. The try is
// counted when it starts (claimed under a row lock, so a job already sent is never sent again); a success
// records the printer's job id; a failure records why and stays queued for pg-boss's next try (backing
// off), until the last try marks it failed.

/** Tries before a print job is failed: the first and pg-boss's retries (printJobs' retryLimit + 1). */
export const maxPrintTries = 5;

const readAll = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
};

export class PrintRetryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrintRetryError';
  }
}

export const sendPrintJob = async (
  deps: { db: Db; storage: FileStorage; printing: PrinterGateway | null | undefined; now: () => Date },
  printJobId: number,
): Promise<void> => {
  const { db } = deps;
  const claimed = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(print_jobs)
      .where(and(eq(print_jobs.id, printJobId), eq(print_jobs.status, 'queued')))
      .for('update', { skipLocked: true })
      .limit(1);
    if (!row) return null;
    const [counted] = await tx
      .update(print_jobs)
      .set({ tries: sql`${print_jobs.tries} + 1`, updated_at: deps.now() })
      .where(eq(print_jobs.id, row.id))
      .returning();
    return counted ?? null;
  });
  if (!claimed) return;

  const finish = (values: Partial<typeof print_jobs.$inferInsert>) =>
    db
      .update(print_jobs)
      .set({ ...values, updated_at: deps.now() })
      .where(and(eq(print_jobs.id, claimed.id), eq(print_jobs.status, 'queued')));

  try {
    if (!deps.printing) throw new Error(printingMessages.notConfigured);
    const document = await readAll(await deps.storage.open(claimed.storage_key));
    const label = printDocumentLabels[claimed.document_type as PrintDocumentType];
    const sent = await deps.printing.print(claimed.destination, {
      document,
      jobName: `${label} ${claimed.case_mkeys.join(' ')}`,
      userName: claimed.requested_by,
    });
    await finish({ status: 'sent', sent_at: deps.now(), printer_job_id: sent.jobId, error: null });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const isLastTry = claimed.tries >= maxPrintTries;
    await finish(isLastTry ? { status: 'failed', error: reason } : { error: reason });
    // pg-boss tries again later (with backoff) only when the handler fails.
    if (!isLastTry) throw new PrintRetryError(reason);
  }
};
