import { z } from 'zod';
import {
  integratedPayloadSchema,
  outsourceMessages,
  outsourcePositions,
  outsourceScanners,
  partnerDesignTypeCodes,
  type CollectionCase,
  type IntegratedPayload,
  type PartnerDesignTypeCode,
} from '@lab/domain';

// The integrated partner's form (case-workspace §5 'Integrated partner form'): the payload goes to the
// partner as is, checked by the domain's integratedPayloadSchema; the file to send is one of the case's
// order or internal files.

export type OutsourceScanner = (typeof outsourceScanners)[number];
export type OutsourcePosition = (typeof outsourcePositions)[number];

export type IntegratedOutsourceValues = {
  DesignType: PartnerDesignTypeCode[];
  ScannerType: OutsourceScanner | '';
  Position: OutsourcePosition | '';
  /** The number input's text: blank for none. */
  Units: string;
  Rush: boolean;
  Instruction: string;
  file_id: number | null;
};

export const integratedOutsourceFields = [
  'DesignType',
  'ScannerType',
  'Position',
  'Units',
  'Rush',
  'Instruction',
  'file_id',
] as const satisfies readonly (keyof IntegratedOutsourceValues)[];

export const integratedOutsourceDefaults: IntegratedOutsourceValues = {
  DesignType: [],
  ScannerType: '',
  Position: '',
  Units: '',
  Rush: false,
  Instruction: '',
  file_id: null,
};

/** Units as sent: null when blank, NaN when not a number (which the form refuses). */
const readUnits = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The partner's payload; RefId is the case uid, so the partner's answers find the case again. */
export const toIntegratedPayload = (values: IntegratedOutsourceValues, refId: string): IntegratedPayload => ({
  DesignType: values.DesignType,
  ScannerType: values.ScannerType || null,
  Instruction: values.Instruction,
  Units: readUnits(values.Units),
  Position: values.Position || null,
  Rush: values.Rush,
  RefId: refId,
});

/** The files the partner may be sent: the case's order and internal files. */
export const sendableFiles = (caseItem: CollectionCase) => {
  const files = [
    ...caseItem.order_files.map((file) => ({ ...file, listName: 'Order file' })),
    ...caseItem.internal_files.map((file) => ({ ...file, listName: 'Internal file' })),
  ];
  // Chosen by id: a file listed twice is offered once.
  return files.filter((file, index) => files.findIndex((other) => other.id === file.id) === index);
};

export const integratedOutsourceFormSchema = z
  .object({
    DesignType: z.array(z.literal(partnerDesignTypeCodes)),
    ScannerType: z.union([z.enum(outsourceScanners), z.literal('')]),
    Position: z.union([z.enum(outsourcePositions), z.literal('')]),
    Units: z.string(),
    Rush: z.boolean(),
    Instruction: z.string(),
    file_id: z.number().nullable(),
  })
  .superRefine((values, ctx) => {
    const flagged = new Set<string>();
    const flag = (field: string, message: string) => {
      if (flagged.has(field)) return;
      flagged.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message });
    };
    const units = readUnits(values.Units);
    if (units !== null && Number.isNaN(units)) flag('Units', outsourceMessages.mustBeNumber);
    const payload = toIntegratedPayload(values, 'form');
    // An unreadable Units is reported above; checking the rest without it keeps every other message.
    const checked = units !== null && Number.isNaN(units) ? { ...payload, Units: null } : payload;
    for (const issue of integratedPayloadSchema.safeParse(checked).error?.issues ?? []) {
      flag(String(issue.path[0] ?? 'root'), issue.message);
    }
    if (values.file_id === null) flag('file_id', outsourceMessages.mustBeSelected);
  });
