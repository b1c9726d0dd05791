import { z } from 'zod';
import { isoDateTime, maxDatabaseInteger } from './common';

// Gauge MRP's scan-gauge kits (issue 31): the lab lends its kits to clients so they can scan; every kit is
// in the lab or lent to one client since a day, due back on another. Lending and returning are the
// warehouse's (permission 'stock'); everyone but the restricted reads.

export const kitLoanMessages = {
  kitNotFound: 'Kit not found',
  clientNotFound: 'Client not found',
  invalidDate: 'Enter a date as YYYY-MM-DD',
  dueBeforeToday: 'The kit cannot be due back before today',
  alreadyLent: (client: string, since: string) => `This kit is lent to ${client} since ${since}`,
  notLent: 'This kit is in the lab',
} as const;

/** Overdue: the day it was due back has passed (in the lab's own calendar day). */
export const isKitOverdue = (dueBackOn: string | null, today: string): boolean =>
  dueBackOn !== null && dueBackOn < today;

export const kitLoanSchema = z.object({
  id: z.number().int(),
  client: z.object({ client_id: z.number().int(), name: z.string() }),
  lent_at: isoDateTime,
  due_back_on: z.string().nullable(),
  is_overdue: z.boolean(),
});
export type KitLoan = z.infer<typeof kitLoanSchema>;

export const gaugeKitSchema = z.object({
  kit_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  box: z.string(),
  implant_qty: z.number().int(),
  /** The open loan; null: the kit is in the lab. */
  loan: kitLoanSchema.nullable(),
});
export type GaugeKit = z.infer<typeof gaugeKitSchema>;

/** GET /api/v2/gauge_mrp/kits/?client_id= (a client's page: the kits that client holds). */
export const gaugeKitsQuery = z.object({
  client_id: z.coerce.number().int().positive().max(maxDatabaseInteger).optional(),
});

export const kitParams = z.object({
  kit_id: z.coerce.number({ error: kitLoanMessages.kitNotFound }).int().positive().max(maxDatabaseInteger),
});

/** POST /api/v2/gauge_mrp/kits/{kit_id}/lend/: to a client by Client ID, due back on a day (or open). */
export const lendKitSchema = z.object({
  client_id: z
    .number({ error: kitLoanMessages.clientNotFound })
    .int(kitLoanMessages.clientNotFound)
    .positive(kitLoanMessages.clientNotFound)
    .max(maxDatabaseInteger, kitLoanMessages.clientNotFound),
  due_back_on: z
    .string({ error: kitLoanMessages.invalidDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, kitLoanMessages.invalidDate)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), kitLoanMessages.invalidDate)
    .nullable(),
});
export type LendKit = z.infer<typeof lendKitSchema>;
