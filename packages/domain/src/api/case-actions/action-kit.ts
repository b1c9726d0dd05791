import { z } from 'zod';
import { commonMessages, isStorableText, maxDatabaseInteger } from '../common';

// What every module's case actions are built from: the shared messages and field helpers. Each module
// lists its members of POST /api/v2/case/{case_id}/ in its own file; index.ts joins them into one union.

export const caseActionMessages = {
  blank: 'Cannot be blank',
  mustBeSelected: 'Must be selected',
  quantityRequired: 'Quantity is required',
  attachmentTypeRequired: 'Attachment type must be selected',
  invalidAction: 'Invalid action',
  caseNotFound: 'Case not found',
  alreadyReceived: 'The case has already been received',
  notActiveVirtual: 'Only an active virtual component can be marked as done',
  notInFinishing: 'The case is not in the lab',
  notFinishingStatus: 'The status is not a finishing status',
  immediacyInPast: 'Cannot be in the past',
  delegationNotAllowed: 'Cases can only be delegated in design, production or lab',
  // The Progress dialog asks the user to confirm, then sends forceUpdateStatus: true.
  machineProjectActive: 'This case will be removed from production. Are you sure?',
  cloneSameCase: 'Choose another component to clone from',
  cloneOtherCollection: 'The component is not in this collection',
  unknownJobType: 'Unknown job type',
  unknownStatus: 'Unknown status',
  unknownMaterialType: 'Unknown material type',
  unknownMaterial: 'Unknown material',
  // A body naming both a type and a material of another type (the form clears the material first).
  materialTypeMismatch: 'The material is not of the chosen material type',
  unknownKit: 'Unknown kit',
  unknownComponent: 'Unknown component',
  componentDisabled: 'This component is no longer available',
  delegateNotInDepartment: "Choose an employee of the case's department",
  noDispatchedStatus: 'No Dispatched status is configured',
  // Group numbers and line quantities are small counts; the cap keeps a typo from being stored.
  tooLarge: 'Must be at most 999',
  invalidFileType: 'Invalid file type',
  returnFileNotUploaded: 'The return file has not been uploaded',
} as const;

/** The largest group number and component line quantity (caseActionMessages.tooLarge). */
export const maxCaseCount = 999;

export const action = <Name extends string, Shape extends z.ZodRawShape>(name: Name, shape: Shape) =>
  z.object({ action: z.literal(name), ...shape });

export const id = z.number().int().positive().max(maxDatabaseInteger);
/** A reference by id; one too large to exist is answered like an unknown one. */
export const idOf = (unknown: string) => z.number().int().positive().max(maxDatabaseInteger, unknown);
/** A free text stored as is (PostgreSQL text cannot hold NUL). */
export const storedText = (max: number) =>
  z.string().max(max).refine(isStorableText, commonMessages.unstorableText);
