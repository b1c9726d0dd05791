import type { Me } from '@lab/domain';
import type { Db } from '../db/client';
import { findStaffPrinters } from '../modules/printing/staff-printers';
import type { StaffActor } from './actor';

/**
 * The `me` record: the user's flags and the printers they may print to (their branches' printers); for an
 * administrator also where e-mails link to.
 */
export const findMe = async (db: Db, actor: StaffActor, publicUrl: string): Promise<Me> => ({
  logged_in: true,
  username: actor.username,
  first_name: actor.first_name,
  last_name: actor.last_name,
  department: actor.department,
  all_departments: actor.all_departments,
  admin: actor.admin,
  restricted: actor.restricted,
  staging: actor.staging,
  printers: await findStaffPrinters(db, actor),
  ...(actor.admin ? { public_url: publicUrl } : {}),
});
