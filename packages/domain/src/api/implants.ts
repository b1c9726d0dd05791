import { z } from 'zod';
import { maxDatabaseInteger } from './common';
import { implantWarningTexts } from '../rules/implants';
import { isFdiTooth } from '../rules/teeth';

// Bodies and answers of the implant calls (case-workspace §7 'Implants'). The same body schema checks
// the server edge and the web's implant form; the catalogue rules (platform, default parts) need the
// case's branch and country, so the server checks those after loading the case.

export const implantMessages = {
  mustBeSelected: 'Must be selected',
  invalidTooth: 'Invalid tooth',
  noFulfillmentBranch: 'No Fulfillment Branch Selected',
  platformNotAvailable: implantWarningTexts.platformUnavailable,
  screwNotAvailable: 'Screw Not Available',
  tibaseNotAvailable: 'Ti-Base Not Available',
  ponticHasNoParts: 'A pontic has no screw or ti-base',
  ponticHasNoOptions: 'A pontic cannot be bi-axial or engaging',
  tibaseNotUsed: 'This platform does not use a ti-base',
  toothTaken: 'Tooth already has an implant',
  patchOneFlag: 'Set exactly one of engaging or bi_axial to true',
  caseNotFound: 'Case not found',
  implantNotFound: 'Implant not found',
  invalidUid: 'Invalid uid',
  invalidImplantId: 'Invalid implant id',
} as const;

const catalogueId = z.number({ message: implantMessages.mustBeSelected }).int().positive();

/** Path of the list and create calls. */
export const caseImplantsParams = z.object({ case_uid: z.uuid({ message: implantMessages.invalidUid }) });

/** Path of the replace, patch and delete calls. */
export const implantParams = caseImplantsParams.extend({
  implant_id: z.coerce
    .number({ message: implantMessages.invalidImplantId })
    .int({ message: implantMessages.invalidImplantId })
    .positive({ message: implantMessages.invalidImplantId })
    .max(maxDatabaseInteger, { message: implantMessages.invalidImplantId }),
});

/**
 * POST and PUT body. platform_id must be sent (null = a pontic) so a missing platform is never read as
 * a pontic. A null screw_id / ti_base_id means "use the platform's default".
 */
export const implantBodySchema = z.object({
  tooth: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? implantMessages.mustBeSelected
          : implantMessages.invalidTooth,
    })
    .int({ message: implantMessages.invalidTooth })
    .refine(isFdiTooth, { message: implantMessages.invalidTooth }),
  platform_id: catalogueId.nullable(),
  screw_id: catalogueId.nullable().default(null),
  ti_base_id: catalogueId.nullable().default(null),
  bi_axial: z.boolean().default(false),
  engaging: z.boolean().default(false),
});
export type ImplantBody = z.output<typeof implantBodySchema>;

/** PATCH body: exactly one option turned on, `{engaging: true}` or `{bi_axial: true}`. */
export const implantPatchSchema = z
  .strictObject(
    {
      engaging: z.literal(true, { message: implantMessages.patchOneFlag }).optional(),
      bi_axial: z.literal(true, { message: implantMessages.patchOneFlag }).optional(),
    },
    { error: implantMessages.patchOneFlag },
  )
  .refine((body) => Object.keys(body).length === 1, { message: implantMessages.patchOneFlag });
export type ImplantPatch = z.output<typeof implantPatchSchema>;

// A screw or ti-base on an implant; code is its warehouse code (the stock chip looks it up).
const partRef = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

/** One implant of GET /api/v2/case/{case_uid}/implants/ and the answer of every write. */
export const implantSchema = z.object({
  id: z.number().int(),
  tooth: z.number().int(),
  platform_id: z.number().int().nullable(),
  // The platform's name; null for a pontic.
  platform: z.string().nullable(),
  screw: partRef.nullable(),
  tibase: partRef.nullable(),
  biaxial: z.boolean(),
  engaging: z.boolean(),
  using_defaults: z.object({ screw: z.boolean(), tibase: z.boolean() }),
  // Offered (and enabled) for the case's fulfillment branch and the shipping client's country.
  platform_valid: z.boolean(),
  to_tibase: z.boolean(),
});
export type Implant = z.infer<typeof implantSchema>;

export const implantAuditActions = ['CREATED', 'UPDATED', 'DELETED'] as const;
export type ImplantAuditAction = (typeof implantAuditActions)[number];

/** The audited fields, named as the implant audit shows them (spec §3). */
export const implantAuditFields = [
  'tooth',
  'platform.string',
  'screw.name',
  'tibase.name',
  'bi_axial',
  'engaging',
] as const;
export type ImplantAuditField = (typeof implantAuditFields)[number];

const auditValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** implant_audit.changed_values: field → {old, new}, the shape every audit table of the product uses. */
export const implantAuditChangesSchema = z.partialRecord(
  z.enum(implantAuditFields),
  z.object({ old: auditValue, new: auditValue }),
);
export type ImplantAuditChanges = z.infer<typeof implantAuditChangesSchema>;
