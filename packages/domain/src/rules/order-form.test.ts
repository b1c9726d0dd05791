import { describe, expect, it } from 'vitest';
import {
  hiddenOrderFormKeys,
  humanizeOrderFormKey,
  isOrderFormOfCase,
  splitOrderForm,
  visibleOrderFormData,
} from './order-form';

describe('splitOrderForm', () => {
  const form = {
    patient_name: 'SMITH J',
    shade: 'A2',
    implants: [{ tooth: 11, name: 'NobelActive NP', implant_platform: 'CC NP', biAxial: true }, 'junk'],
    upper_options: { design: 'Screw-retained' },
    preop_options: { smile_line: 'Low' },
    lower_options: null,
    solution: 'single-unit',
    attachments: [],
    oep_api_secret: 'secret',
    client: { id: 1 },
    agree: true,
    parent_case_id: null,
    tag: 'v2',
  };

  it('hides the platform keys and keeps the rest as basic information', () => {
    const { basic } = splitOrderForm(form);
    expect(basic).toEqual([
      { key: 'patient_name', value: 'SMITH J' },
      { key: 'shade', value: 'A2' },
    ]);
  });

  it('takes the implant objects and the present option tables in display order', () => {
    const { implants, options } = splitOrderForm(form);
    expect(implants).toEqual([
      { tooth: 11, name: 'NobelActive NP', implant_platform: 'CC NP', biAxial: true },
    ]);
    expect(options.map((o) => o.key)).toEqual(['upper_options', 'preop_options']);
  });

  it('copes with a form without implants', () => {
    expect(splitOrderForm({ implants: 'none' }).implants).toEqual([]);
  });
});

describe('visibleOrderFormData', () => {
  it('drops every key the ordering platform keeps for itself and nothing else', () => {
    const form = Object.fromEntries([...hiddenOrderFormKeys, 'patient_name', 'implants'].map((k) => [k, k]));
    expect(visibleOrderFormData(form)).toEqual({ patient_name: 'patient_name', implants: 'implants' });
  });
});

describe('humanizeOrderFormKey', () => {
  it('reads snake case and camel case', () => {
    expect(humanizeOrderFormKey('scan_body_type')).toBe('Scan Body Type');
    expect(humanizeOrderFormKey('biAxial')).toBe('Bi Axial');
  });
});

describe('isOrderFormOfCase', () => {
  it('matches the case or a collection-wide form', () => {
    expect(isOrderFormOfCase({ case_uid: 'a' }, 'a')).toBe(true);
    expect(isOrderFormOfCase({ case_uid: null }, 'a')).toBe(true);
    expect(isOrderFormOfCase({ case_uid: 'b' }, 'a')).toBe(false);
  });
});
