import { z } from 'zod';
import { commonMessages, isStorableText, maxDatabaseInteger } from './common';

// Gauge MRP (issue 31), the restricted system of parts, lots and scan-gauge kits: the stock page's list
// per branch, a delivery received with its lot, a write-off. Reads: every employee but the restricted;
// writes: the warehouse and administrators (permission 'stock').

export const gaugeMrpMessages = {
  unknownBranch: 'Branch not found',
  unknownPart: 'Component not found',
  blank: 'Cannot be blank',
  wholeNumber: 'Must be a whole number',
  quantityRange: 'The quantity must be between 1 and 100000',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  invalidDate: 'Enter a date as YYYY-MM-DD',
  /** A write-off that would leave less than nothing: the user confirms it, knowing what it leaves. */
  belowZero: (left: number) => `This leaves ${left} on hand, below zero. Confirm to write it off anyway.`,
} as const;

const text = (max: number) =>
  z
    .string({ error: gaugeMrpMessages.blank })
    .trim()
    .max(max, gaugeMrpMessages.tooLong(max))
    .refine(isStorableText, commonMessages.unstorableText);

const quantity = z
  .number({ error: gaugeMrpMessages.wholeNumber })
  .int(gaugeMrpMessages.wholeNumber)
  .min(1, gaugeMrpMessages.quantityRange)
  .max(100_000, gaugeMrpMessages.quantityRange);

const branchId = z
  .number({ error: gaugeMrpMessages.unknownBranch })
  .int(gaugeMrpMessages.unknownBranch)
  .positive(gaugeMrpMessages.unknownBranch)
  .max(maxDatabaseInteger, gaugeMrpMessages.unknownBranch);

const code = text(64).min(1, gaugeMrpMessages.blank);

/** GET /api/v2/gauge_mrp/stock/?branch_id= (default: the reader's branch). */
export const gaugeStockQuery = z.object({
  branch_id: z.coerce.number().int().positive().max(maxDatabaseInteger).optional(),
});

export const stockLotSchema = z.object({
  lot: z.string(),
  expires_on: z.string().nullable(),
  received_at: z.string(),
});
export type StockLot = z.infer<typeof stockLotSchema>;

/** One part's stock at the branch: available = on hand − reserved by open cases. */
export const gaugeStockRowSchema = z.object({
  component_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  location: z.string().nullable(),
  on_hand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  reorder_point: z.number().int().nullable(),
  is_at_reorder_point: z.boolean(),
  /** Lots received, newest first (at most five). */
  lots: z.array(stockLotSchema),
});
export type GaugeStockRow = z.infer<typeof gaugeStockRowSchema>;

export const gaugeStockSchema = z.object({
  branch: z.object({ id: z.number().int(), name: z.string() }),
  parts: z.array(gaugeStockRowSchema),
});
export type GaugeStock = z.infer<typeof gaugeStockSchema>;

const isoDate = z
  .string({ error: gaugeMrpMessages.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, gaugeMrpMessages.invalidDate)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), gaugeMrpMessages.invalidDate);

/** POST /api/v2/gauge_mrp/stock/receive/: a delivery of one part, with its lot. */
export const receiveStockSchema = z.object({
  branch_id: branchId,
  code,
  quantity,
  lot: text(64).min(1, gaugeMrpMessages.blank),
  expires_on: isoDate.nullable().optional(),
  supplier_reference: text(120).optional(),
});
export type ReceiveStock = z.infer<typeof receiveStockSchema>;

/** POST /api/v2/gauge_mrp/stock/write_off/: parts gone (damaged, expired, lost), with the reason. */
export const writeOffStockSchema = z.object({
  branch_id: branchId,
  code,
  quantity,
  reason: text(200).min(1, gaugeMrpMessages.blank),
  /** Sent after the user saw what a write-off below zero leaves. */
  confirm_below_zero: z.boolean().optional(),
});
export type WriteOffStock = z.infer<typeof writeOffStockSchema>;

/** The answer of a receive or write-off: the part's row as the list shows it. */
export const stockChangeAnswerSchema = gaugeStockRowSchema;

// ---------------------------------------------------------------------------------------------- recall

export const recallMessages = {
  articleBlank: 'Enter the article number of the notice',
  lotBlank: 'Enter the lot or batch number of the notice',
} as const;

/** The ways a case is known to have used a lot. */
export const recallPaths = ['picking slip', 'material batch'] as const;
export type RecallPath = (typeof recallPaths)[number];

/**
 * GET /api/v2/recall/?article={code}&lot={lot}: a manufacturer's safety notice names an article and a lot
 * (a part's warehouse code, or a material's name with its batch number); matched without regard to case.
 */
export const recallQuery = z.object({
  article: z
    .string({ error: recallMessages.articleBlank })
    .trim()
    .min(1, recallMessages.articleBlank)
    .max(64, gaugeMrpMessages.tooLong(64))
    .refine(isStorableText, commonMessages.unstorableText),
  lot: z
    .string({ error: recallMessages.lotBlank })
    .trim()
    .min(1, recallMessages.lotBlank)
    .max(64, gaugeMrpMessages.tooLong(64))
    .refine(isStorableText, commonMessages.unstorableText),
});
export type RecallQuery = z.infer<typeof recallQuery>;

/** A case that used the lot, once however many ways it is known (each in `paths`). */
export const recallCaseSchema = z.object({
  case_uid: z.string(),
  case_mkey: z.string(),
  collection_uid: z.string(),
  collection_id: z.number().int(),
  patient_reference: z.string(),
  client: z.object({ client_id: z.number().int(), name: z.string() }),
  branch: z.string().nullable(),
  /** When the case left the lab; null while it is still here (the lot can still be stopped). */
  dispatched_at: z.string().nullable(),
  /** The implant teeth of the case (FDI), for the clinic to find the patient's restoration. */
  teeth: z.array(z.number().int()),
  paths: z.array(z.enum(recallPaths)),
});
export type RecallCase = z.infer<typeof recallCaseSchema>;

export const recallSchema = z.object({
  article: z.string(),
  lot: z.string(),
  cases: z.array(recallCaseSchema),
});
export type Recall = z.infer<typeof recallSchema>;

// ------------------------------------------------------------------------------------------- shortages

/** The business days ahead whose demand Gauge MRP's shortages weigh. */
export const shortageWindowBusinessDays = 10;

export const shortCaseSchema = z.object({
  case_uid: z.string(),
  case_mkey: z.string(),
  collection_uid: z.string(),
  collection_id: z.number().int(),
  patient_reference: z.string(),
  client_name: z.string(),
  /** The lab's due (else the customer's); null: none set. */
  due: z.string().nullable(),
  /** How many of the part this case will lack. */
  short: z.number().int(),
});
export type ShortCase = z.infer<typeof shortCaseSchema>;

export const partShortageSchema = z.object({
  component_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  on_hand: z.number().int(),
  /** The units the cases below lack between them. */
  short: z.number().int(),
  cases: z.array(shortCaseSchema),
});
export type PartShortage = z.infer<typeof partShortageSchema>;

/** GET /api/v2/gauge_mrp/shortages/?branch_id=: the parts open cases due in the window will lack. */
export const shortagesSchema = z.object({
  branch: z.object({ id: z.number().int(), name: z.string() }),
  /** The close of the window's last business day. */
  window_end: z.string(),
  parts: z.array(partShortageSchema),
});
export type Shortages = z.infer<typeof shortagesSchema>;

/** GET /api/v2/gauge_mrp/shortages/case/{case_uid}/: the parts this case will lack (the implant card). */
export const caseShortagesSchema = z.object({
  parts: z.array(z.object({ code: z.string(), short: z.number().int() })),
});
export type CaseShortages = z.infer<typeof caseShortagesSchema>;
export const caseShortageParams = z.object({ case_uid: z.uuid({ error: 'Case not found' }) });

// -------------------------------------------------------------------------------------- recall notices

/** The notice a user reviews before it goes to every affected client; {patient} and {cases} are filled in. */
export const recallNoticeTemplate = (article: string, lot: string): string =>
  `The manufacturer has issued a safety notice for ${article}, lot ${lot}. Our records show it was used in ` +
  `the work we made for your patient {patient} (case {cases}). Please contact us so we can arrange what ` +
  `the notice asks for.`;

/** The notice for one collection: the template with its patient and its case keys. */
export const recallNoticeText = (
  template: string,
  fill: { patient: string; cases: readonly string[] },
): string => template.replaceAll('{patient}', fill.patient).replaceAll('{cases}', fill.cases.join(', '));

export const recallNotifyMessages = {
  referenceBlank: 'Enter the notice’s reference',
  messageBlank: 'Write the message the clients receive',
  nobodyToNotify: 'No case received this lot: there is nobody to notify',
} as const;

/** POST /api/v2/recall/notify/: one message per affected collection (portal and e-mail), the recall kept. */
export const recallNotifySchema = recallQuery.extend({
  notice_reference: z
    .string({ error: recallNotifyMessages.referenceBlank })
    .trim()
    .min(1, recallNotifyMessages.referenceBlank)
    .max(120, gaugeMrpMessages.tooLong(120))
    .refine(isStorableText, commonMessages.unstorableText),
  message: z
    .string({ error: recallNotifyMessages.messageBlank })
    .trim()
    .min(1, recallNotifyMessages.messageBlank)
    .max(4000, gaugeMrpMessages.tooLong(4000))
    .refine(isStorableText, commonMessages.unstorableText),
});
export type RecallNotify = z.infer<typeof recallNotifySchema>;

/** A recall on record: who ran it, when, for which notice, and whom it told. */
export const recallRecordSchema = z.object({
  id: z.number().int(),
  article: z.string(),
  lot: z.string(),
  notice_reference: z.string(),
  notified_by: z.string().nullable(),
  notified_at: z.string(),
  cases: z.number().int(),
  collections: z.number().int(),
});
export type RecallRecord = z.infer<typeof recallRecordSchema>;
