import { asc, eq } from 'drizzle-orm';
import {
  AppError,
  fieldError,
  printingMessages,
  type PrinterInput,
  type PrinterRecord,
  type PrintType,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db, type Queryable, type Tx } from '../../db/client';
import { branches, printers } from '../../db/schema/index';
import { publishReferenceChanged } from '../../realtime/events';

// The admin's printers (issue 14: "Admin manages them"): list, create, update, delete, each write with its
// audit row in the same transaction. Deleting a printer keeps its print jobs (they copied its name and
// address) and drops it from every user's list.

type PrinterRow = typeof printers.$inferSelect;
type PrinterFields = Omit<PrinterRow, 'id'>;

export const requireAdmin = (actor: StaffActor) => {
  if (!actor.admin) throw new AppError('forbidden', { message: printingMessages.adminOnly });
};

const selectPrinters = (db: Queryable) =>
  db
    .select({
      id: printers.id,
      printer_name: printers.printer_name,
      print_type: printers.print_type,
      branch_id: printers.branch_id,
      branch: branches.name,
      destination: printers.destination,
      is_active: printers.is_active,
    })
    .from(printers)
    .leftJoin(branches, eq(branches.id, printers.branch_id));

const present = (row: Awaited<ReturnType<typeof selectPrinters>>[number]): PrinterRecord => ({
  ...row,
  print_type: row.print_type as PrintType,
});

export const listPrinters = async (db: Db, actor: StaffActor): Promise<PrinterRecord[]> => {
  requireAdmin(actor);
  return findPrinterList(db);
};

/** Every printer, as the admin's list shows them (the route keeps it cached; writes publish `printers`). */
export const findPrinterList = async (db: Db): Promise<PrinterRecord[]> => {
  const rows = await selectPrinters(db).orderBy(
    asc(branches.name),
    asc(printers.printer_name),
    asc(printers.id),
  );
  return rows.map(present);
};

const findPrinter = async (db: Queryable, id: number): Promise<PrinterRecord> => {
  const [row] = await selectPrinters(db).where(eq(printers.id, id)).limit(1);
  if (!row) throw new AppError('not_found', { message: printingMessages.printerNotFound });
  return present(row);
};

const checkBranch = async (tx: Tx, branchId: number) => {
  const [branch] = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  if (!branch) throw fieldError('branch_id', printingMessages.unknownBranch);
};

export const createPrinter = async (
  db: Db,
  actor: StaffActor,
  input: Required<PrinterInput>,
): Promise<PrinterRecord> => {
  requireAdmin(actor);
  const id = await inTransaction(db, async (tx) => {
    await checkBranch(tx, input.branch_id);
    const [row] = await tx.insert(printers).values(input).returning({ id: printers.id });
    if (!row) throw new Error('printer was not created');
    await writeAuditEvent(tx, {
      entity: 'printer',
      entityId: row.id,
      action: 'created',
      collectionUid: null,
      caseUid: null,
      changes: input,
      actor,
    });
    await publishReferenceChanged(tx, 'printers');
    return row.id;
  });
  return findPrinter(db, id);
};

export const updatePrinter = async (
  db: Db,
  actor: StaffActor,
  id: number,
  patch: Partial<PrinterInput>,
): Promise<PrinterRecord> => {
  requireAdmin(actor);
  await inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(printers).where(eq(printers.id, id)).for('update').limit(1);
    if (!current) throw new AppError('not_found', { message: printingMessages.printerNotFound });
    if (patch.branch_id !== undefined) await checkBranch(tx, patch.branch_id);
    // Only what the patch really changes is written and audited ({field: {old, new}}).
    const changes: Record<string, { old: unknown; new: unknown }> = {};
    const values: Partial<PrinterFields> = {};
    for (const key of ['printer_name', 'print_type', 'branch_id', 'destination', 'is_active'] as const) {
      const next = patch[key];
      if (next === undefined || next === current[key]) continue;
      changes[key] = { old: current[key], new: next };
      Object.assign(values, { [key]: next });
    }
    if (Object.keys(changes).length === 0) return;
    await tx.update(printers).set(values).where(eq(printers.id, id));
    await writeAuditEvent(tx, {
      entity: 'printer',
      entityId: id,
      action: 'updated',
      collectionUid: null,
      caseUid: null,
      changes,
      actor,
    });
    await publishReferenceChanged(tx, 'printers');
  });
  return findPrinter(db, id);
};

export const deletePrinter = async (db: Db, actor: StaffActor, id: number): Promise<void> => {
  requireAdmin(actor);
  await inTransaction(db, async (tx) => {
    const [deleted] = await tx.delete(printers).where(eq(printers.id, id)).returning();
    if (!deleted) throw new AppError('not_found', { message: printingMessages.printerNotFound });
    await writeAuditEvent(tx, {
      entity: 'printer',
      entityId: id,
      action: 'deleted',
      collectionUid: null,
      caseUid: null,
      changes: {
        printer_name: deleted.printer_name,
        print_type: deleted.print_type,
        branch_id: deleted.branch_id,
        destination: deleted.destination,
      },
      actor,
    });
    await publishReferenceChanged(tx, 'printers');
  });
};
