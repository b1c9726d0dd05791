import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FileCategory } from '@lab/domain';
import { createEvidentSetup, type EvidentSetup } from '../../../adapters/evident/evident-setup';
import {
  startEvidentSimulator,
  type EvidentSimulator,
  type SimulatorControl,
} from '../../../adapters/evident/simulator';
import { selectRows } from '../../../db/client';
import { files, integrated_outsource_requests, outsources, partners } from '../../../db/schema/index';
import type { TestApp } from '../../../testing';
import { generateStorageKey } from '../../../storage/generate-key';
import { stlBytes } from '../../files/file-service-test-kit';
import type { SenderContext } from './send-requests';

// What the integrated outsourcing tests share: a simulator speaking to the test app's configuration, the
// sender's context on a moved clock, a case file with real bytes, the form and row look-ups.

export const startTestSimulator = (
  test: TestApp,
  control: SimulatorControl = {},
): Promise<EvidentSimulator> =>
  startEvidentSimulator({
    apiKey: test.config.evidentApiKey,
    webhookSecret: test.config.evidentWebhookSecret,
    completeAfterMs: null,
    hangMs: 5_000,
    ...control,
  });

/** The real client of the test app's configuration pointed at the simulator (a timeout a loaded CI machine meets). */
export const evidentSetupFor = (test: TestApp, simulator: EvidentSimulator, timeoutMs = 5000): EvidentSetup =>
  createEvidentSetup({ ...test.config, evidentTimeoutMs: timeoutMs }, simulator.url);

/** The jobs' context on a clock the test moves. */
export const senderContextAt = (test: TestApp, evident: EvidentSetup, at: Date): SenderContext => ({
  db: test.db,
  storage: test.storage,
  log: { error: () => undefined },
  evident,
  now: () => at,
});

export const findPartnerIdByName = async (test: TestApp, name: string): Promise<number> => {
  const [row] = await test.db.select({ id: partners.id }).from(partners).where(eq(partners.name, name));
  if (!row) throw new Error(`no partner ${name}`);
  return row.id;
};

/** A case file with real bytes in the test app's storage (a binary STL by default). */
export const storeCaseFile = async (
  test: TestApp,
  target: { caseUid: string; collectionUid: string },
  options: { category?: FileCategory; filename?: string; bytes?: Buffer } = {},
): Promise<{ id: number; sha256: string }> => {
  const bytes = options.bytes ?? stlBytes(4);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const folder = await mkdtemp(path.join(os.tmpdir(), 'lab-integrated-'));
  const source = path.join(folder, 'file');
  await writeFile(source, bytes);
  const storage_key = generateStorageKey();
  await test.storage.put(storage_key, source, { contentType: 'model/stl', sha256 });
  await rm(folder, { recursive: true, force: true });
  const [row] = await test.db
    .insert(files)
    .values({
      storage_key,
      filename: options.filename ?? 'upper_scan.stl',
      content_type: 'model/stl',
      size_bytes: bytes.length,
      sha256,
      file_category: options.category ?? 'order_file',
      case_uid: target.caseUid,
      collection_uid: target.collectionUid,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('the file was not stored');
  return { id: row.id, sha256 };
};

export const integratedForm = (
  partnerId: number | null,
  fileId: number | null,
  payload: Record<string, unknown> = {},
  overrides: Record<string, unknown> = {},
) => ({
  action: 'start_integrated_outsource',
  partner_id: partnerId,
  partner_name: 'Evident Digital',
  note: 'Internal: rush if the client calls.',
  file_id: fileId,
  payload: {
    DesignType: [100, 205],
    ScannerType: '3Shape',
    Instruction: ' Screw channels lingual where possible. ',
    Units: 2,
    Position: 'posterior',
    Rush: false,
    ...payload,
  },
  ...overrides,
});

/** The case's integrated requests with their jobs, oldest first. */
export const requestsOfCase = (test: TestApp, caseUid: string) =>
  test.db
    .select({ request: integrated_outsource_requests, job: outsources })
    .from(integrated_outsource_requests)
    .innerJoin(outsources, eq(outsources.id, integrated_outsource_requests.outsource_id))
    .where(eq(outsources.case_uid, caseUid))
    .orderBy(integrated_outsource_requests.id);

export const loadRequest = async (test: TestApp, requestId: number) => {
  const [row] = await test.db
    .select()
    .from(integrated_outsource_requests)
    .where(eq(integrated_outsource_requests.id, requestId));
  if (!row) throw new Error(`no request ${requestId}`);
  return row;
};

/** The queued pg-boss jobs of a queue for one request. */
export const queuedJobsFor = async (test: TestApp, name: string, requestId: number): Promise<number> => {
  const [row] = await selectRows<{ n: number }>(
    test.db,
    sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${name} AND (data->>'request_id')::int = ${requestId}`,
  );
  return row?.n ?? 0;
};

/** Marks the request completed by the partner, as the collect step would. */
export const markCompleted = (test: TestApp, requestId: number, at: Date) =>
  test.db
    .update(integrated_outsource_requests)
    .set({ completed_at: at, sent_at: at, partner_reference: `EVD-T${requestId}`, next_attempt_at: null })
    .where(and(eq(integrated_outsource_requests.id, requestId)));
