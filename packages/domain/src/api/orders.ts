import { z } from 'zod';
import { dentates, orderingPlatforms } from '../enums';
import { scanKinds } from '../rules/intake/order-checks';
import { isFdiTooth } from '../rules/teeth';

// POST /api/v2/orders/: one order from an ordering platform in, one collection out (issue 29). The
// platform signs the exact body with its key (HMAC-SHA256 over "<timestamp>.<body>"); the order's own
// id makes a second sending of it answer the same collection. Files are named here and sent afterwards
// with PUT to the one-time links of the answer, as the file service's uploads are.

export const orderHeaders = {
  keyId: 'x-lab-key-id',
  timestamp: 'x-lab-timestamp',
  signature: 'x-lab-signature',
} as const;

/** How far a signed timestamp may be from the server's clock, either way. */
export const orderSignatureToleranceSeconds = 5 * 60;

export const orderMessages = {
  badSignature: 'Invalid signature',
  unknownKey: 'Unknown or revoked platform key',
  badOrder: 'The order is not valid',
  orderChanged: 'This order id was already received with other contents',
  unknownJobType: 'Unknown job type',
  unknownImplantPlatform: 'Unknown implant platform',
  unknownBranch: 'Unknown branch',
  toothNotFdi: 'Must be an FDI tooth number (11–48)',
  duplicateFile: 'The same file name is listed twice',
  clientNeeded: 'Give the account number, the e-mail or the name and country of the client',
  deskClientNeeded: 'Choose the client, or give a new client’s name and country',
  clientNotFound: 'Client not found',
  keyLabelRequired: 'Give the key a name',
  keyNotFound: 'Platform key not found',
  jobTypeNotFound: 'Job type not found',
  caseNotFound: 'Case not found',
  checkInBlocked: 'Pre-flight checks stop Check in: fix them, or give the reason to check in anyway',
  alreadyCheckedIn: 'This case is already checked in',
  requestNoteRequired: 'Tell the clinic what is missing',
  requestChecksRequired: 'Choose what is missing',
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);

const toothSchema = z.number().int().refine(isFdiTooth, { error: orderMessages.toothNotFdi });

export const orderImplantSchema = z.object({
  tooth: toothSchema,
  /** The implant system's platform as the catalogue names it ("NobelActive RP"); null for a pontic. */
  platform: text(120).nullable(),
});

export const orderCaseSchema = z.object({
  /** The job type as the lab names it ("Zirconia Bridge"). */
  job_type: text(120),
  dentate: z.enum(dentates),
  /** The teeth the component covers, FDI. */
  teeth: z.array(toothSchema).max(32).default([]),
  implants: z.array(orderImplantSchema).max(32).default([]),
  /** Names of this component's files, among the order's `files`. */
  files: z.array(text(255)).max(50).default([]),
});

export const orderClientSchema = z.object({
  account_number: text(60).optional(),
  email: z.email().max(254).optional(),
  name: text(200).optional(),
  /** ISO 3166 alpha-2, as the clients' countries are kept. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
});

const orderFields = z.object({
  /** The platform's own id of the order: the same id again answers the same collection. */
  order_id: text(120),
  client: orderClientSchema,
  patient_reference: text(200),
  /** The branch that makes it, by name; unset: the lab chooses at check-in. */
  fulfillment_branch: text(120).optional(),
  cases: z.array(orderCaseSchema).min(1).max(30),
  /** The platform's order form, kept verbatim (implants, options, basic information). */
  order_form: z.record(z.string(), z.unknown()).default({}),
  /** Every file of the order, by name; each gets a one-time upload link. */
  files: z
    .array(z.object({ file_name: text(255) }))
    .max(100)
    .default([]),
});

/** The rules across fields: who the client is, and no file named twice. */
const refineOrder =
  (clientMessage: string) =>
  (
    order: {
      client: z.infer<typeof orderClientSchema> & { client_id?: number };
      files: { file_name: string }[];
    },
    context: z.RefinementCtx,
  ) => {
    const client = order.client;
    if (!client.client_id && !client.account_number && !client.email && !(client.name && client.country)) {
      context.addIssue({ code: 'custom', path: ['client'], message: clientMessage });
    }
    const names = new Set<string>();
    order.files.forEach((file, index) => {
      if (names.has(file.file_name)) {
        context.addIssue({
          code: 'custom',
          path: ['files', index, 'file_name'],
          message: orderMessages.duplicateFile,
        });
      }
      names.add(file.file_name);
    });
  };

export const orderSchema = orderFields.superRefine(refineOrder(orderMessages.clientNeeded));
export type Order = z.infer<typeof orderSchema>;

/**
 * POST /api/v2/checkin/orders/: the front desk's New Order, the same order as a platform's, typed by
 * staff. The client is one the lab has (client_id: its Client ID, as client search answers it) or a new
 * one by name and country; there is no platform order id (Idempotency-Key makes a retry safe).
 */
export const deskOrderSchema = orderFields
  .omit({ order_id: true })
  .extend({
    client: orderClientSchema.extend({ client_id: z.number().int().positive().optional() }),
    /** Where the clinic placed it, as the collection records it (the order form's platform); OEP unless said. */
    ordering_platform: z.enum(orderingPlatforms).default('oep'),
  })
  .superRefine(refineOrder(orderMessages.deskClientNeeded));
export type DeskOrder = z.infer<typeof deskOrderSchema>;

export const orderAnswerSchema = z.object({
  /** false when the order id was received before: the same collection, fresh links for files not yet sent. */
  created: z.boolean(),
  collection_uid: z.uuid(),
  collection_id: z.number().int(),
  /** The client is new to the lab (matched by no account number or e-mail) and waits for its review. */
  client_needs_review: z.boolean(),
  cases: z.array(z.object({ case_uid: z.uuid(), case_id: z.number().int(), case_mkey: z.string() })),
  files: z.array(z.object({ uid: z.uuid(), fileName: z.string(), oneTimeUploadLink: z.string().nullable() })),
});
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

// The admin's keys of the ordering platforms.
export const platformKeySchema = z.object({
  id: z.number().int(),
  platform: z.enum(orderingPlatforms),
  key_id: z.string(),
  label: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type PlatformKey = z.infer<typeof platformKeySchema>;

export const createPlatformKeySchema = z.object({
  platform: z.enum(orderingPlatforms),
  label: z.string().trim().min(1, { error: orderMessages.keyLabelRequired }).max(120),
});

/** GET /api/v2/case/{case_uid}/preflight/: is the case ready for Check in, and what stops it. */
export const preflightReportSchema = z.object({
  ready: z.boolean(),
  checks: z.array(
    z.object({
      code: z.string(),
      severity: z.enum(['block', 'warn']),
      message: z.string(),
      file_id: z.number().int().optional(),
    }),
  ),
});
export type PreflightReport = z.infer<typeof preflightReportSchema>;

/** POST /api/v2/case/{case_uid}/check_in/: a reason checks in past blocking pre-flight checks (audited). */
export const checkInBodySchema = z.object({
  override_reason: z.string().trim().max(500).optional(),
});

/** A case on the Check-in desk's lists. */
export const checkInRowSchema = z.object({
  case_uid: z.uuid(),
  case_id: z.number().int(),
  case_mkey: z.string(),
  collection_uid: z.uuid(),
  patient_reference: z.string(),
  client_name: z.string(),
  job_type: z.string(),
  ordering_platform: z.enum(orderingPlatforms),
  added: z.string(),
  date_received: z.string().nullable(),
  date_checked_in: z.string().nullable(),
});
export type CheckInRow = z.infer<typeof checkInRowSchema>;

/** GET /api/v2/checkin/?branch_id=: the desk's three lists, oldest first (checked in: newest first). */
export const checkInListsSchema = z.object({
  /** The branch listed: the one asked for, else the employee's own, else the first. */
  branch: z.object({ id: z.number().int(), name: z.string() }),
  arrived: z.array(checkInRowSchema),
  awaiting_check_in: z.array(checkInRowSchema),
  checked_in_today: z.array(checkInRowSchema),
});
export type CheckInLists = z.infer<typeof checkInListsSchema>;

/**
 * POST /api/v2/case/{case_uid}/request_information/: the desk asks the clinic for what pre-flight found
 * missing. `checks` are the messages of the checks chosen, as the report worded them.
 */
export const informationRequestSchema = z.object({
  checks: z
    .array(z.string().trim().min(1).max(500))
    .min(1, { error: orderMessages.requestChecksRequired })
    .max(20),
  note: z.string().trim().min(1, { error: orderMessages.requestNoteRequired }).max(2000),
});
export type InformationRequest = z.infer<typeof informationRequestSchema>;

export const informationRequestAnswerSchema = z.object({ message_uid: z.uuid() });

/** The scans pre-flight asks of each job type (an admin edits them). */
export const jobTypeRequiredScansSchema = z.object({
  job_type_id: z.number().int(),
  job_type: z.string(),
  kinds: z.array(z.enum(scanKinds)),
});
export type JobTypeRequiredScans = z.infer<typeof jobTypeRequiredScansSchema>;

export const requiredScansBodySchema = z.object({
  kinds: z
    .array(z.enum(scanKinds))
    .max(scanKinds.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, { error: 'Each scan once' }),
});

/** The new key, whose secret is shown this once and never again. */
export const createdPlatformKeySchema = platformKeySchema.extend({ secret: z.string() });
