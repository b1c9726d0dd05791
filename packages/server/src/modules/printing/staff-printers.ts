import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Me, PrintType } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { printers, user_main_branches } from '../../db/schema/index';

// "The user's branch printers" (issue 14; `printers` of GET /api/me/): the active printers at the
// employee's home branch or any branch they work for (user_main_branches). The print route allows exactly
// these, so a printer the dialog cannot offer cannot be printed to either.

const isAtStaffBranch = (userId: number, homeBranchId: number | null) =>
  or(
    homeBranchId === null ? sql`false` : eq(printers.branch_id, homeBranchId),
    inArray(
      printers.branch_id,
      sql`(SELECT ${user_main_branches.branch_id} FROM ${user_main_branches} WHERE ${user_main_branches.user_id} = ${userId})`,
    ),
  );

export const findStaffPrinters = async (
  db: Queryable,
  staff: { id: number; branch_id: number | null },
): Promise<Me['printers']> => {
  const rows = await db
    .select({ id: printers.id, printer_name: printers.printer_name, print_type: printers.print_type })
    .from(printers)
    .where(and(eq(printers.is_active, true), isAtStaffBranch(staff.id, staff.branch_id)))
    .orderBy(asc(printers.printer_name), asc(printers.id));
  return rows.map((row) => ({ ...row, print_type: row.print_type as PrintType }));
};

export const isStaffPrinter = async (
  db: Queryable,
  staff: { id: number; branch_id: number | null },
  printerId: number,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: printers.id })
    .from(printers)
    .where(and(eq(printers.id, printerId), isAtStaffBranch(staff.id, staff.branch_id)))
    .limit(1);
  return row !== undefined;
};
