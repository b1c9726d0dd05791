import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  AppError,
  orderMessages,
  preflightChecks,
  type Dentate,
  type MeshReadFailure,
  type MeshStats,
  type PreflightFile,
  type PreflightReport,
  type ScanKind,
} from '@lab/domain';
import type { Db } from '../../db/client';
import {
  cases,
  file_mesh_reports,
  files,
  implants,
  job_type_required_files,
  job_types,
  order_forms,
} from '../../db/schema/index';
import type { FileStorage } from '../../storage/file-storage';
import { parseCaseUid } from './case-uid';
import { analyseMesh } from './mesh/analyse-mesh';

// GET /api/v2/case/{case_uid}/preflight/: the case's pre-flight report (domain rules/intake/order-checks).
// Each scan is read once, on a worker thread, and its reading kept per file (file_mesh_reports): a
// file's bytes never change once received, a new upload is a new file, so the report follows the files.

const meshFile = /\.(stl|ply)$/i;

const loadCase = async (db: Db, caseUid: string) => {
  const [row] = await db
    .select({
      uid: cases.uid,
      collection_uid: cases.collection_uid,
      dentate: cases.dentate,
      job_type_id: cases.job_type_id,
      job_type: job_types.name,
      product_class: job_types.product_class,
    })
    .from(cases)
    .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
    .where(eq(cases.uid, caseUid))
    .limit(1);
  if (!row) throw new AppError('not_found', { message: orderMessages.caseNotFound });
  return row;
};

/**
 * The order's files: the case's order files and the collection's own (a bite sent for the whole order)
 * are checked; the other cases' order files only count as present (one opposing scan serves them all).
 */
const loadFiles = (db: Db, caseRow: { uid: string; collection_uid: string }) =>
  db
    .select({
      id: files.id,
      case_uid: files.case_uid,
      filename: files.filename,
      storage_key: files.storage_key,
      upload_state: files.upload_state,
    })
    .from(files)
    .where(
      and(
        eq(files.collection_uid, caseRow.collection_uid),
        isNull(files.deleted_at),
        inArray(files.upload_state, ['pending', 'complete']),
        or(
          eq(files.file_category, 'order_file'),
          and(isNull(files.case_uid), eq(files.file_category, 'collection_file')),
        ),
      ),
    )
    .orderBy(asc(files.id));

const readBytes = async (storage: FileStorage, key: string): Promise<Uint8Array> => {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.open(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

/** Each received scan's reading: kept ones from the table, the others read now and kept. */
const meshReports = async (
  db: Db,
  storage: FileStorage,
  received: { id: number; storage_key: string }[],
): Promise<Map<number, MeshStats | MeshReadFailure>> => {
  const reports = new Map<number, MeshStats | MeshReadFailure>();
  if (received.length === 0) return reports;
  const kept = await db
    .select()
    .from(file_mesh_reports)
    .where(
      inArray(
        file_mesh_reports.file_id,
        received.map((f) => f.id),
      ),
    );
  for (const row of kept) reports.set(row.file_id, row.report as MeshStats | MeshReadFailure);
  for (const file of received) {
    if (reports.has(file.id)) continue;
    const bytes = await readBytes(storage, file.storage_key).catch(() => null);
    if (bytes === null) {
      // The row says received but the store has no bytes (a store restored without them): unreadable
      // now, and not kept, so the check runs again once the bytes are back.
      reports.set(file.id, { unreadable: true, reason: 'its stored copy could not be read' });
      continue;
    }
    const report = await analyseMesh(bytes);
    await db.insert(file_mesh_reports).values({ file_id: file.id, report }).onConflictDoNothing();
    reports.set(file.id, report);
  }
  return reports;
};

export const casePreflight = async (
  db: Db,
  storage: FileStorage,
  caseUid: string,
): Promise<PreflightReport> => {
  const caseRow = await loadCase(db, parseCaseUid(caseUid));
  const orderFiles = await loadFiles(db, caseRow);
  const fileRows = orderFiles.filter((f) => f.case_uid === null || f.case_uid === caseRow.uid);
  const reports = await meshReports(
    db,
    storage,
    fileRows.filter((f) => f.upload_state === 'complete' && meshFile.test(f.filename)),
  );
  const required = await db
    .select({ kind: job_type_required_files.kind })
    .from(job_type_required_files)
    .where(eq(job_type_required_files.job_type_id, caseRow.job_type_id));
  const implantRows = await db
    .select({ tooth: implants.tooth, platform_id: implants.platform_id })
    .from(implants)
    .where(and(eq(implants.case_uid, caseRow.uid), isNull(implants.deleted_at)));
  const forms = await db
    .select({ json_data: order_forms.json_data })
    .from(order_forms)
    .where(
      and(
        eq(order_forms.collection_uid, caseRow.collection_uid),
        or(isNull(order_forms.case_uid), eq(order_forms.case_uid, caseRow.uid)),
      ),
    );
  const preflightFiles: PreflightFile[] = fileRows.map((f) => ({
    id: f.id,
    filename: f.filename,
    state: f.upload_state === 'pending' ? 'pending' : 'complete',
    mesh: reports.get(f.id) ?? null,
  }));
  return preflightChecks({
    dentate: caseRow.dentate as Dentate | null,
    jobType: caseRow.job_type,
    productClass: caseRow.product_class,
    requiredKinds: required.map((r) => r.kind as ScanKind),
    files: preflightFiles,
    otherCaseFiles: orderFiles.filter((f) => !fileRows.includes(f)).map((f) => f.filename),
    implants: implantRows,
    orderForm: Object.assign({}, ...forms.map((f) => f.json_data as Record<string, unknown>)),
  });
};
