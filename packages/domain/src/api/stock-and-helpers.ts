import { z } from 'zod';
import { commonMessages, isStorableText, isoDateTime, maxDatabaseInteger } from './common';

// Stock on hand, the folder helpers and the component export (collection-views §2 'Shared dialogs and
// panels', §3 'Stock on hand' and 'Component', §5, §7 'Checklists, stock, communications, clients, export',
// §8, §9). The adjustments and the picking call are the issue's additions: the spec shows no warehouse.

// ---------------------------------------------------------------------------------------------- stock

export const stockMessages = {
  invalidBranch: 'Invalid branch',
  invalidComponentCode: 'Invalid component code',
  branchNotFound: 'Branch not found',
  componentNotFound: 'Component not found',
  warehouseOnly: 'Only the warehouse can adjust stock',
  blank: 'Cannot be blank',
  wholeNumber: 'Must be a whole number',
  adjustmentZero: 'The adjustment cannot be 0',
  adjustmentTooLarge: 'The adjustment must be between -100000 and 100000',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  nothingToChange: 'Give an adjustment or a location',
  pickingSlipNotFound: 'Picking slip not found',
  alreadyPicked: 'This picking slip has already been picked',
  noFulfillmentBranch: 'No Fulfillment Branch Selected',
  invalidLotNumbers: 'Lot numbers must be a list, or lists by group',
} as const;

// A branch is named by its id (as the implant catalogue calls do) or by its code ('MEL').
const branchSegment = z
  .string()
  .regex(/^(?:[1-9]\d{0,8}|[A-Za-z]{2,10})$/, { message: stockMessages.invalidBranch });
// Warehouse codes: letters, digits, dot, dash and underscore (e.g. 'SCR-NB-CCRP', 'HC-GM-45').
const componentCodeSegment = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, { message: stockMessages.invalidComponentCode });

/** Path of GET (and the warehouse's PATCH) /api/v2/components/{branch}/{component code}/soh/. */
export const stockParams = z.object({ branch: branchSegment, code: componentCodeSegment });
export type StockParams = z.infer<typeof stockParams>;

/** Stock on hand of a part at a branch; it may be negative (picked before a delivery was booked in). */
export const stockOnHandSchema = z.object({
  quantity_on_hand: z.number().int(),
  // Shelf or bin; null when the part has no place at that branch yet.
  location: z.string().nullable(),
});
export type StockOnHand = z.infer<typeof stockOnHandSchema>;

/** The stock chip turns red at zero or less (§8). */
export const isStockOut = (stock: Pick<StockOnHand, 'quantity_on_hand'>): boolean =>
  stock.quantity_on_hand <= 0;

/** The chip's text: the quantity, and the shelf when there is one. */
export const stockChipLabel = (stock: StockOnHand): string =>
  `SOH ${stock.quantity_on_hand}${stock.location ? ` · ${stock.location}` : ''}`;

const maxAdjustment = 100_000;
const locationMax = 40;
const reasonMax = 200;

const nonNulText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, stockMessages.tooLong(max))
    .refine(isStorableText, commonMessages.unstorableText);

/**
 * PATCH …/soh/ (WAREHOUSE or admin): a delivery booked in (+n) or a write-off or count correction (−n),
 * and/or a new shelf ('' clears it). The reason goes into the audit row.
 */
export const stockAdjustmentSchema = z
  .object({
    adjustment: z
      .number({ error: stockMessages.wholeNumber })
      .int(stockMessages.wholeNumber)
      .min(-maxAdjustment, stockMessages.adjustmentTooLarge)
      .max(maxAdjustment, stockMessages.adjustmentTooLarge)
      .refine((n) => n !== 0, stockMessages.adjustmentZero)
      .optional(),
    location: nonNulText(locationMax)
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
    reason: z.string({ error: stockMessages.blank }).pipe(nonNulText(reasonMax).min(1, stockMessages.blank)),
  })
  .refine((body) => body.adjustment !== undefined || body.location !== undefined, {
    message: stockMessages.nothingToChange,
    path: ['adjustment'],
  });
export type StockAdjustment = z.input<typeof stockAdjustmentSchema>;

/** Path of POST /api/v2/picking_slips/{id}/picked/; an id that cannot exist is 'Picking slip not found'. */
export const pickingSlipParams = z.object({ id: z.string().max(20) });

const lotNumber = nonNulText(50).min(1, stockMessages.blank);
const lotList = z.array(lotNumber).max(200);

/**
 * POST /api/v2/picking_slips/{id}/picked/ (WAREHOUSE or admin): the warehouse picked the slip's parts,
 * with their lot numbers (a list, or lists by group such as Screws); the parts leave the branch's stock.
 */
export const pickingSlipPickedSchema = z.object({
  lot_numbers: z
    .union([lotList, z.record(nonNulText(50).min(1, stockMessages.blank), lotList)], {
      error: stockMessages.invalidLotNumbers,
    })
    .nullable()
    .default(null),
});
export type PickingSlipPicked = z.input<typeof pickingSlipPickedSchema>;

/** One part's stock after a pick: what the warehouse sees change. */
export const pickedStockSchema = z.object({
  code: z.string(),
  quantity_picked: z.number().int(),
  quantity_on_hand: z.number().int(),
});

export const pickedSlipAnswerSchema = z.object({
  id: z.number().int(),
  picked_at: isoDateTime,
  picked_by: z.string(),
  lot_numbers: z.union([z.array(z.string()), z.record(z.string(), z.array(z.string()))]).nullable(),
  stock: z.array(pickedStockSchema),
});
export type PickedSlipAnswer = z.infer<typeof pickedSlipAnswerSchema>;

// ------------------------------------------------------------------------------------- folder helpers

export const folderHelperTexts = {
  cannotOpenFolder: 'Cannot open case folder for this case.',
  cannotCopyPath: 'Cannot copy path for this case.',
  cannotStartAutoMa: 'Cannot start Auto MA for this case.',
  installHint: "If you haven't got the OEP Helper installed, please download and install.",
  downloadNow: 'Download Now',
  pathCopied: 'Path copied',
  autoMaFailed: 'Auto MA could not be started, please try again',
} as const;

/** The install popup stays this long after a helper link was launched (§9). */
export const installPopupMs = 5_000;

/** Where the helper app is downloaded from (an external store, §7). */
export const oepHelperDownloadUrl = 'https://downloads.oep.example.com/helper/OEPHelperSetup.exe';

/** The custom protocol the OEP Helper registers on staff machines. */
export const helperScheme = 'oephelper';

/**
 * The two layouts of the lab's file share (§9): the `new_folder_structure` flag puts a collection's cases
 * under the cases share in a folder per collection; older collections keep a flat current-cases share.
 */
export const fileShareFolders = { new: 'cases', old: 'current-cases' } as const;

/** A branch's file server: `\\mel-fs01` for Melbourne (code MEL). */
export const branchShareRoot = (branchCode: string): string => `\\\\${branchCode.toLowerCase()}-fs01`;

/**
 * A case's folder on its fulfillment branch's share: `\\mel-fs01\cases\100234\100234-01` (new structure)
 * or `\\mel-fs01\current-cases\100234-01`.
 */
export const caseFolderPath = (options: {
  branchCode: string;
  isNewFolderStructure: boolean;
  collectionId: number;
  caseMkey: string;
}): string => {
  const root = branchShareRoot(options.branchCode);
  return options.isNewFolderStructure
    ? `${root}\\${fileShareFolders.new}\\${options.collectionId}\\${options.caseMkey}`
    : `${root}\\${fileShareFolders.old}\\${options.caseMkey}`;
};

const base64UrlAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const utf8Bytes = (text: string): number[] => {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000)
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
  }
  return bytes;
};

/** base64url without padding of the UTF-8 text: a path with backslashes and spaces, safe in a link. */
export const encodeHelperArgument = (text: string): string => {
  const bytes = utf8Bytes(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const triple = (a << 16) | (b << 8) | c;
    const chars = i + 1 >= bytes.length ? 2 : i + 2 >= bytes.length ? 3 : 4;
    for (let k = 0; k < chars; k += 1) out += base64UrlAlphabet[(triple >> (18 - 6 * k)) & 0x3f];
  }
  return out;
};

/** Opens the folder in the file explorer of the staff member's machine. */
export const explorerLink = (folderPath: string): string =>
  `${helperScheme}://explorer/${encodeHelperArgument(folderPath)}`;

/** Starts the automation (osteonLauncher); the helper fetches the instruction by its key. */
export const autoMaLink = (key: string, folderPath: string): string =>
  `${helperScheme}://osteonLauncher/${encodeHelperArgument(folderPath)}?key=${encodeURIComponent(key)}`;

/** The production-queue instruction stored by key: the command and the semicolon-joined folder paths. */
export const autoMaInstruction = (folderPaths: readonly string[]): string =>
  `AUTO_MA;${folderPaths.join(';')}`;

export const keyValueMessages = {
  blank: 'Cannot be blank',
  tooLong: 'Must be at most 20000 characters',
  notFound: 'Key not found',
} as const;

/** POST /api/v2/key_value/ {value} → {key}. */
export const keyValueBodySchema = z.object({
  value: z
    .string({ error: keyValueMessages.blank })
    .pipe(
      z
        .string()
        .trim()
        .min(1, keyValueMessages.blank)
        .max(20_000, keyValueMessages.tooLong)
        .refine(isStorableText, commonMessages.unstorableText),
    ),
});
export type KeyValueBody = z.input<typeof keyValueBodySchema>;
export const keyValueAnswerSchema = z.object({ key: z.string() });
export type KeyValueAnswer = z.infer<typeof keyValueAnswerSchema>;

/**
 * POST /api/v2/key_value/take/ {key} → {value}: the helper reads the value once (the key is its only
 * credential, so it travels in the body, never in a URL that logs keep).
 */
export const keyValueTakeSchema = z.object({
  key: z
    .string({ error: keyValueMessages.notFound })
    .min(1, keyValueMessages.notFound)
    .max(100, keyValueMessages.notFound),
});
export const keyValueReadSchema = z.object({ value: z.string() });

/** How long a stored value waits for the helper. */
export const keyValueTtlMinutes = 10;

// ----------------------------------------------------------------------------------- component export

export const exportComponentTypes = ['Scan Body', 'Healing Cap'] as const;
export type ExportComponentType = (typeof exportComponentTypes)[number];

/** One entry of GET /api/v2/management/components/ (§3 'Component (export)'). */
export const exportComponentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  component_type: z.enum(exportComponentTypes),
});
export type ExportComponent = z.infer<typeof exportComponentSchema>;
export const exportComponentListSchema = z.array(exportComponentSchema);

export const componentExportMessages = {
  mustBeSelected: 'Must be selected',
  invalidSession: 'Invalid session id',
  sessionNotFound: 'No nexus_connect session with this id',
  scanBodyNotFound: 'Unknown scan body',
  healingCapNotFound: 'Unknown healing cap',
  exportFailed: 'The export could not be made, please try again',
  exportTimedOut: 'The export service did not answer in time, please try again',
} as const;

/** The downloaded file's name (§7). */
export const exportFileName = 'exports.zip';

const componentId = z
  .number({ error: componentExportMessages.mustBeSelected })
  .int(componentExportMessages.mustBeSelected)
  .positive(componentExportMessages.mustBeSelected)
  .max(maxDatabaseInteger, componentExportMessages.mustBeSelected);

/** POST /proxy/nexus_connect/exports/ {nc_session_id, scan_body_id, healing_cap_id?} → exports.zip. */
export const componentExportBodySchema = z.object({
  nc_session_id: z
    .string({ error: componentExportMessages.invalidSession })
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/, componentExportMessages.invalidSession),
  scan_body_id: componentId,
  healing_cap_id: componentId.nullable().optional(),
});
export type ComponentExportBody = z.input<typeof componentExportBodySchema>;

/** The automation type whose session the export works on. */
export const nexusConnectAutomationType = 'nexus_connect';

/**
 * The session id of the case's newest nexus_connect automation result, or null: the export dialog is
 * available only with one (§5).
 */
export const findNexusSessionId = (caseItem: {
  automation_results: readonly { type: string; payload: Record<string, unknown> }[];
}): string | null => {
  for (const result of caseItem.automation_results.toReversed()) {
    const session = result.payload['nc_session_id'];
    if (result.type === nexusConnectAutomationType && typeof session === 'string' && session.trim() !== '')
      return session;
  }
  return null;
};

/** Export is enabled only with a scan body, and with a healing cap too when the healing cap is enabled (§5). */
export const canExportComponents = (choice: {
  scanBodyId: number | null;
  isHealingCapEnabled: boolean;
  healingCapId: number | null;
}): boolean => choice.scanBodyId !== null && (!choice.isHealingCapEnabled || choice.healingCapId !== null);
