import { asc, eq } from 'drizzle-orm';
import type { Me } from '@lab/domain';
import type { Db } from '../db/client';
import { printers, user_printers } from '../db/schema/index';
import type { StaffActor } from './actor';

/** The `me` record: the user's flags and the printers they may print to. */
export const findMe = async (db: Db, actor: StaffActor): Promise<Me> => {
  const branchPrinters = await db
    .select({ id: printers.id, printer_name: printers.printer_name, print_type: printers.print_type })
    .from(user_printers)
    .innerJoin(printers, eq(printers.id, user_printers.printer_id))
    .where(eq(user_printers.user_id, actor.id))
    .orderBy(asc(printers.printer_name));
  return {
    logged_in: true,
    username: actor.username,
    first_name: actor.first_name,
    last_name: actor.last_name,
    department: actor.department,
    all_departments: actor.all_departments,
    admin: actor.admin,
    restricted: actor.restricted,
    staging: actor.staging,
    printers: branchPrinters.map((p) => ({
      ...p,
      print_type: p.print_type as Me['printers'][number]['print_type'],
    })),
  };
};
