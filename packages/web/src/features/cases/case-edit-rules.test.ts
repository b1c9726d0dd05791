import { describe, expect, it } from 'vitest';
import type { Employee, Material, Status } from '@lab/domain';
import {
  canAddComponentLine,
  changeMaterialType,
  chooseMaterial,
  findChangedParts,
  findNextGroupNumber,
  formatLotNumbers,
  listDelegates,
  newComponentLine,
  toCaseEdit,
  toFormErrors,
  validateCaseEdit,
  validateComponentLine,
  type CaseEditValues,
} from './case-edit-rules';
import { readRedoDraft } from './redo-rules';

const materials: Material[] = [
  { id: 10, name: 'Zirconia HT', material_type_id: 1, material_type: 'Zirconia' },
  { id: 20, name: 'Grade 5', material_type_id: 2, material_type: 'Titanium' },
];

const values = (patch: Partial<CaseEditValues> = {}): CaseEditValues => ({
  job_type_id: 1,
  dentate: 'UPPER',
  material_type_id: 1,
  material_id: 10,
  material_batch_number: '',
  material_thickness: '',
  scan_gauge_kit_id: null,
  scan_gauge_name: '',
  client_gauge_kit_ids: [],
  delegated_to_id: null,
  group_number: null,
  attachments: [],
  analogs: [],
  generic_components: [],
  ...patch,
});

describe('material type and material', () => {
  it('clears a material of another type when the type changes', () => {
    expect(changeMaterialType(values(), 2, materials)).toMatchObject({
      material_type_id: 2,
      material_id: null,
    });
  });

  it('keeps a material of the chosen type', () => {
    expect(changeMaterialType(values(), 1, materials)).toMatchObject({
      material_type_id: 1,
      material_id: 10,
    });
  });

  it('sets the type of a chosen material', () => {
    expect(
      chooseMaterial(values({ material_type_id: null, material_id: null }), 20, materials),
    ).toMatchObject({
      material_type_id: 2,
      material_id: 20,
    });
  });
});

describe('component lines', () => {
  it('starts a new line at quantity 1 with no component', () => {
    expect(newComponentLine()).toEqual({ component_id: null, quantity: '1' });
  });

  it('disables New while a line has no component', () => {
    expect(canAddComponentLine([])).toBe(true);
    expect(canAddComponentLine([{ component_id: 3, quantity: '1' }])).toBe(true);
    expect(canAddComponentLine([{ component_id: 3, quantity: '1' }, newComponentLine()])).toBe(false);
  });

  it('asks for the attachment type and a quantity of at least 1', () => {
    expect(validateComponentLine(newComponentLine())).toEqual({
      component: 'Attachment type must be selected',
    });
    expect(validateComponentLine({ component_id: 3, quantity: '0' })).toEqual({
      quantity: 'Quantity is required',
    });
    expect(validateComponentLine({ component_id: 3, quantity: '' })).toEqual({
      quantity: 'Quantity is required',
    });
    expect(validateComponentLine({ component_id: 3, quantity: '2' })).toEqual({});
  });
});

describe('validateCaseEdit', () => {
  it('says a blank job type cannot be blank', () => {
    expect(validateCaseEdit(values({ job_type_id: null }))).toEqual({ job_type_id: 'Cannot be blank' });
  });

  it('keys line errors by kind and index', () => {
    const errors = validateCaseEdit(
      values({ analogs: [{ component_id: 4, quantity: '1' }, newComponentLine()] }),
    );
    expect(errors).toEqual({ 'analogs.1.component': 'Attachment type must be selected' });
  });
});

describe('toCaseEdit and findChangedParts', () => {
  it('sends the Scan Gauge ID only with the none-matches option', () => {
    expect(toCaseEdit(values({ scan_gauge_kit_id: 0, scan_gauge_name: ' SG-7 ' })).scan_gauge_name).toBe(
      'SG-7',
    );
    expect(toCaseEdit(values({ scan_gauge_kit_id: 5, scan_gauge_name: 'SG-7' })).scan_gauge_name).toBeNull();
  });

  it('names only the parts that changed', () => {
    const before = values();
    expect(findChangedParts(before, values({ group_number: 2 }))).toEqual({
      isCaseChanged: false,
      isComponentsChanged: false,
      isGroupChanged: true,
    });
    expect(
      findChangedParts(before, values({ attachments: [{ component_id: 1, quantity: '1' }] })),
    ).toMatchObject({
      isCaseChanged: false,
      isComponentsChanged: true,
    });
    expect(findChangedParts(before, values({ material_batch_number: 'B1' })).isCaseChanged).toBe(true);
  });
});

describe('findNextGroupNumber', () => {
  it('counts from 1 within a session', () => {
    expect(findNextGroupNumber(1, [])).toBe(1);
    expect(findNextGroupNumber(2, [])).toBe(2);
  });

  it('skips numbers other cases already use', () => {
    expect(findNextGroupNumber(1, [1, 2, 4])).toBe(3);
  });
});

describe('listDelegates', () => {
  const employee = (id: number, name: string, department: Employee['department']): Employee => ({
    id,
    name,
    first_name: name,
    last_name: '',
    username: name.toLowerCase(),
    department,
    all_departments: false,
    main_branches: [],
  });
  const employees = [
    employee(1, 'Zed', 'DESIGN'),
    employee(2, 'Amy', 'DESIGN'),
    employee(3, 'Max', 'MACHINING'),
  ];
  const status = (patch: Partial<Status>): Status => ({
    id: 1,
    name: 'x',
    parent_name: 'IN DESIGN',
    description: '',
    in_finishing: false,
    in_production: false,
    in_design: true,
    dispatch_ready: false,
    client_name: null,
    ...patch,
  });

  it('lists the department of the status, by name', () => {
    expect(listDelegates(status({}), employees).map((item) => item.name)).toEqual(['Amy', 'Zed']);
    expect(
      listDelegates(
        status({ in_design: false, in_production: true, parent_name: 'IN PRODUCTION' }),
        employees,
      ),
    ).toHaveLength(1);
    expect(listDelegates(undefined, employees)).toEqual([]);
  });
});

describe('formatLotNumbers', () => {
  it("shows groups as 'group: numbers'", () => {
    expect(formatLotNumbers({ Screws: ['L1', 'L2'], Analogs: ['A9'] })).toEqual([
      'Screws: L1, L2',
      'Analogs: A9',
    ]);
    expect(formatLotNumbers(['L1', 'L2'])).toEqual(['L1, L2']);
    expect(formatLotNumbers(null)).toEqual([]);
  });
});

describe('readRedoDraft', () => {
  it('needs a type, a reason and a charge', () => {
    const { request, errors } = readRedoDraft({
      redo: '',
      reason: '',
      charge: '',
      discount: '',
      isNewScrews: false,
    });
    expect(request).toBeNull();
    expect(errors).toEqual({
      redo: 'Must be selected',
      reason: 'Must be selected',
      charge: 'Must be selected',
    });
  });

  it('needs a percent for a discount', () => {
    const draft = { redo: 'internal', reason: 'pol', charge: 'discount', discount: '', isNewScrews: true };
    expect(readRedoDraft(draft).request).toBeNull();
    expect(readRedoDraft({ ...draft, discount: '25' }).request).toEqual({
      redo: 'internal',
      redo_reason: 'pol',
      redo_charge: 'discount',
      redo_discount_amount: 25,
      redo_new_screws_required: true,
    });
  });
});

describe('toFormErrors', () => {
  it("reads the server's field keys as the form's", () => {
    expect(
      toFormErrors({
        'case.job_type_id': 'Cannot be blank',
        'case.attachments.0.component_id': 'Attachment type must be selected',
      }),
    ).toEqual({
      job_type_id: 'Cannot be blank',
      'attachments.0.component': 'Attachment type must be selected',
    });
  });
});
