import { describe, expect, it } from 'vitest';
import { outsourceMessages } from '@lab/domain';
import {
  integratedOutsourceDefaults,
  integratedOutsourceFormSchema,
  toIntegratedPayload,
  type IntegratedOutsourceValues,
} from './integrated-job-values';

const valid: IntegratedOutsourceValues = {
  DesignType: [205, 215],
  ScannerType: '3Shape',
  Position: 'posterior',
  Units: '',
  Rush: false,
  Instruction: 'Match the neighbours',
  file_id: 41,
};

const messagesOf = (values: IntegratedOutsourceValues): Record<string, string> => {
  const result = integratedOutsourceFormSchema.safeParse(values);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );
};

describe('the integrated partner form', () => {
  it("names every required field: 'Must be selected' and 'Must be supplied'", () => {
    expect(messagesOf(integratedOutsourceDefaults)).toEqual({
      DesignType: outsourceMessages.mustBeSelected,
      ScannerType: outsourceMessages.mustBeSelected,
      Position: outsourceMessages.mustBeSelected,
      Instruction: outsourceMessages.mustBeSupplied,
      file_id: outsourceMessages.mustBeSelected,
    });
  });

  it('takes units as an optional number', () => {
    expect(messagesOf(valid)).toEqual({});
    expect(messagesOf({ ...valid, Units: '3' })).toEqual({});
    expect(messagesOf({ ...valid, Units: 'three' })).toEqual({ Units: outsourceMessages.mustBeNumber });
  });

  it('builds the payload with the case uid as RefId', () => {
    expect(toIntegratedPayload({ ...valid, Units: '2', Rush: true }, 'case-uid')).toEqual({
      DesignType: [205, 215],
      ScannerType: '3Shape',
      Instruction: 'Match the neighbours',
      Units: 2,
      Position: 'posterior',
      Rush: true,
      RefId: 'case-uid',
    });
  });
});
