import { describe, expect, it } from 'vitest';
import {
  hiddenOrderFormKeys,
  humanizeOrderFormKey,
  isOrderFormOfCase,
  orderFormDateOf,
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

describe('orderFormDateOf', () => {
  it('reads a calendar day, which no time zone moves', () => {
    expect(orderFormDateOf('2026-12-13')).toEqual({ kind: 'day', date: '2026-12-13' });
    expect(orderFormDateOf(' 2028-02-29 ')).toEqual({ kind: 'day', date: '2028-02-29' });
  });

  it('reads an instant with Z or an offset, in any of the ways platforms write one', () => {
    const instant = { kind: 'instant', iso: '2026-12-13T03:00:00.000Z' };
    expect(orderFormDateOf('2026-12-13T03:00:00Z')).toEqual(instant);
    expect(orderFormDateOf('2026-12-13T03:00:00.000Z')).toEqual(instant);
    expect(orderFormDateOf('2026-12-13T14:00+11:00')).toEqual(instant);
    expect(orderFormDateOf('2026-12-13 14:00:00+1100')).toEqual(instant);
    expect(orderFormDateOf('2026-12-13T13:00:00+10')).toEqual(instant);
  });

  it('reads a time without a zone as a wall time of the lab', () => {
    expect(orderFormDateOf('2026-12-13T10:30')).toEqual({
      kind: 'wallTime',
      date: '2026-12-13',
      time: '10:30',
    });
    expect(orderFormDateOf('2026-12-13T10:30:15.250')).toEqual({
      kind: 'wallTime',
      date: '2026-12-13',
      time: '10:30:15',
    });
  });

  it('leaves everything else alone', () => {
    for (const value of [
      'Standard turnaround',
      '2026-02-30',
      '2026-13-01',
      '2026-12-13T24:00',
      '2026-12-13T10:61Z',
      '13/12/2026',
      '20261213',
      'A2',
      42,
      null,
      true,
      { date: '2026-12-13' },
    ]) {
      expect(orderFormDateOf(value)).toBeNull();
    }
  });
});
