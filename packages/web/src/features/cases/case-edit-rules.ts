import {
  caseActionMessages,
  type CaseEdit,
  type CollectionCase,
  type ComponentEdit,
  type Dentate,
  type Employee,
  type Material,
  type Status,
} from '@lab/domain';

// The Overview's edit form as plain values and pure rules (case-workspace §5 'Case edit').

/** A component line being edited; quantity is the text typed so an empty box can say it is required. */
export type ComponentLineDraft = { component_id: number | null; quantity: string };

export const componentLineKinds = ['attachments', 'analogs', 'generic_components'] as const;
export type ComponentLineKind = (typeof componentLineKinds)[number];

export type CaseEditValues = {
  job_type_id: number | null;
  dentate: Dentate | null;
  material_type_id: number | null;
  material_id: number | null;
  material_batch_number: string;
  material_thickness: string;
  scan_gauge_kit_id: number | null;
  scan_gauge_name: string;
  client_gauge_kit_ids: number[];
  delegated_to_id: number | null;
  group_number: number | null;
} & Record<ComponentLineKind, ComponentLineDraft[]>;

export type CaseEditErrors = Partial<Record<string, string>>;

/** The id of the scan gauge option 'none matches': the user types the Scan Gauge ID instead. */
export const scanGaugeNoneMatchesId = 0;

const toDrafts = (lines: CollectionCase['attachments']): ComponentLineDraft[] =>
  lines.map((line) => ({ component_id: line.component_id, quantity: String(line.quantity) }));

export const toCaseEditValues = (caseItem: CollectionCase): CaseEditValues => ({
  job_type_id: caseItem.job_type_id,
  dentate: caseItem.dentate,
  material_type_id: caseItem.material_type_id,
  material_id: caseItem.material_id,
  material_batch_number: caseItem.material_batch_number ?? '',
  material_thickness: caseItem.material_thickness === null ? '' : String(caseItem.material_thickness),
  scan_gauge_kit_id: caseItem.scan_gauge_kit_id,
  scan_gauge_name: caseItem.scan_gauge_name ?? '',
  client_gauge_kit_ids: caseItem.client_gauge_kits.map((kit) => kit.gauge_kit_id),
  delegated_to_id: caseItem.delegated_to_id,
  group_number: caseItem.group_number,
  attachments: toDrafts(caseItem.attachments),
  analogs: toDrafts(caseItem.analogs),
  generic_components: toDrafts(caseItem.generic_components),
});

/** Changing the material type clears a chosen material of another type. */
export const changeMaterialType = (
  values: CaseEditValues,
  materialTypeId: number | null,
  materials: readonly Material[],
): CaseEditValues => {
  const material = materials.find((item) => item.id === values.material_id);
  const isMaterialKept = material !== undefined && material.material_type_id === materialTypeId;
  return {
    ...values,
    material_type_id: materialTypeId,
    material_id: isMaterialKept ? values.material_id : null,
  };
};

/** Choosing a material sets its material type. */
export const chooseMaterial = (
  values: CaseEditValues,
  materialId: number | null,
  materials: readonly Material[],
): CaseEditValues => {
  const material = materials.find((item) => item.id === materialId);
  return {
    ...values,
    material_id: materialId,
    material_type_id: material ? material.material_type_id : values.material_type_id,
  };
};

export const newComponentLine = (): ComponentLineDraft => ({ component_id: null, quantity: '1' });

/** Only one blank line at a time: New is disabled while a line has no component chosen. */
export const canAddComponentLine = (lines: readonly ComponentLineDraft[]): boolean =>
  lines.every((line) => line.component_id !== null);

const parseQuantity = (text: string): number | null => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity >= 1 ? quantity : null;
};

/** The line's errors: 'Attachment type must be selected' (quantity above 0, no component), 'Quantity is required'. */
export const validateComponentLine = (
  line: ComponentLineDraft,
): { component?: string; quantity?: string } => {
  const quantity = parseQuantity(line.quantity);
  return {
    ...(line.component_id === null ? { component: caseActionMessages.attachmentTypeRequired } : {}),
    ...(quantity === null ? { quantity: caseActionMessages.quantityRequired } : {}),
  };
};

/** Errors keyed 'job_type_id', 'attachments.0.quantity', …; empty when the form can be saved. */
export const validateCaseEdit = (values: CaseEditValues): CaseEditErrors => {
  const errors: CaseEditErrors = {};
  if (values.job_type_id === null) errors['job_type_id'] = caseActionMessages.blank;
  for (const kind of componentLineKinds) {
    values[kind].forEach((line, index) => {
      const lineErrors = validateComponentLine(line);
      if (lineErrors.component) errors[`${kind}.${index}.component`] = lineErrors.component;
      if (lineErrors.quantity) errors[`${kind}.${index}.quantity`] = lineErrors.quantity;
    });
  }
  const thickness = values.material_thickness.trim();
  if (thickness !== '' && !(Number(thickness) >= 0)) errors['material_thickness'] = 'Must be a number';
  return errors;
};

const blankToNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The edit_case body: the case's editable fields as the form holds them. */
export const toCaseEdit = (values: CaseEditValues): CaseEdit => {
  const thickness = blankToNull(values.material_thickness);
  return {
    job_type_id: values.job_type_id,
    dentate: values.dentate,
    material_type_id: values.material_type_id,
    material_id: values.material_id,
    material_batch_number: blankToNull(values.material_batch_number),
    material_thickness: thickness === null ? null : Number(thickness),
    scan_gauge_kit_id: values.scan_gauge_kit_id,
    scan_gauge_name:
      values.scan_gauge_kit_id === scanGaugeNoneMatchesId ? blankToNull(values.scan_gauge_name) : null,
    client_gauge_kits: values.client_gauge_kit_ids.map((gauge_kit_id) => ({ gauge_kit_id })),
    delegated_to_id: values.delegated_to_id,
  };
};

const toLines = (drafts: readonly ComponentLineDraft[]) =>
  drafts.map((draft) => ({ component_id: draft.component_id, quantity: parseQuantity(draft.quantity) ?? 0 }));

export const toComponentEdit = (values: CaseEditValues): ComponentEdit => ({
  attachments: toLines(values.attachments),
  analogs: toLines(values.analogs),
  generic_components: toLines(values.generic_components),
});

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Which of the three save actions the edit needs (each is sent only when its part changed). */
export const findChangedParts = (before: CaseEditValues, after: CaseEditValues) => ({
  isCaseChanged: !sameJson(toCaseEdit(before), toCaseEdit(after)),
  isComponentsChanged: !sameJson(toComponentEdit(before), toComponentEdit(after)),
  isGroupChanged: before.group_number !== after.group_number,
});

/**
 * The group numbers of one group edit session: a counter from 1, skipping numbers other cases of the
 * collection already use (joining those is its own choice), so a new group never merges into an old one.
 */
export const findNextGroupNumber = (counter: number, usedNumbers: readonly number[]): number => {
  let candidate = Math.max(1, counter);
  while (usedNumbers.includes(candidate)) candidate += 1;
  return candidate;
};

/** Delegation is shown only for cases in design, production or lab. */
export const isDelegationShown = (caseItem: Pick<CollectionCase, 'in_design' | 'in_production' | 'in_lab'>) =>
  caseItem.in_design || caseItem.in_production || caseItem.in_lab;

/** Design statuses list DESIGN employees, production MACHINING, finishing POLISHING. */
export const listDelegates = (status: Status | undefined, employees: readonly Employee[]): Employee[] => {
  if (!status) return [];
  const department =
    status.in_design || status.parent_name === 'IN DESIGN'
      ? 'DESIGN'
      : status.in_production || status.parent_name === 'IN PRODUCTION'
        ? 'MACHINING'
        : status.in_finishing || status.parent_name === 'IN LAB'
          ? 'POLISHING'
          : null;
  if (department === null) return [];
  return employees
    .filter((employee) => employee.department === department)
    .sort((a, b) => a.name.localeCompare(b.name));
};

/** Lot numbers as 'group: numbers' lines; a plain list is one line. */
export const formatLotNumbers = (lotNumbers: string[] | Record<string, string[]> | null): string[] => {
  if (lotNumbers === null) return [];
  if (Array.isArray(lotNumbers)) return lotNumbers.length > 0 ? [lotNumbers.join(', ')] : [];
  return Object.entries(lotNumbers)
    .filter(([, numbers]) => numbers.length > 0)
    .map(([group, numbers]) => `${group}: ${numbers.join(', ')}`);
};

/** The server's field keys ('case.attachments.0.component_id') as the form's ('attachments.0.component'). */
export const toFormErrors = (fields: Record<string, string>): CaseEditErrors =>
  Object.fromEntries(
    Object.entries(fields).map(([key, message]) => [
      key.replace(/^case\./, '').replace(/\.component_id$/, '.component'),
      message,
    ]),
  );
