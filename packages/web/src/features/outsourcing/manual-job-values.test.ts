import { describe, expect, it } from 'vitest';
import { outsourceMessages } from '@lab/domain';
import { toLabTimeInput } from '../../lib/lab-time-input';
import {
  outsourceJobFormSchema,
  splitRecipients,
  toOutsourceJobInput,
  type OutsourceJobValues,
} from './manual-job-values';

const now = new Date('2025-03-03T00:00:00Z');
const schema = outsourceJobFormSchema(() => now);

const valid: OutsourceJobValues = {
  partner_id: 3,
  due_time: toLabTimeInput(new Date('2025-03-05T06:00:00Z')),
  job_type: 'digital',
  returning_branch_id: null,
  additional_recipients: '',
  note: 'Design please',
};

const messagesOf = (values: OutsourceJobValues): Record<string, string> => {
  const result = schema.safeParse(values);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );
};

describe('the New Outsource Job form (manual partner)', () => {
  it('accepts a complete digital job and sends the due time as an instant', () => {
    expect(messagesOf(valid)).toEqual({});
    expect(toOutsourceJobInput(valid)).toEqual({
      partner_id: 3,
      due_time: '2025-03-05T06:00:00.000Z',
      job_type: 'digital',
      returning_branch_id: null,
      additional_recipients: [],
      note: 'Design please',
    });
  });

  it('names every missing field at once, in the spec words', () => {
    expect(messagesOf({ ...valid, partner_id: null, due_time: '', job_type: '', note: '  ' })).toEqual({
      partner_id: outsourceMessages.mustBeSelected,
      due_time: outsourceMessages.mustBeSelected,
      job_type: outsourceMessages.mustBeSelected,
      note: outsourceMessages.mustBeProvided,
    });
  });

  it("refuses a due time in the past: 'Cannot be in the past'", () => {
    expect(messagesOf({ ...valid, due_time: toLabTimeInput(new Date('2025-03-02T23:00:00Z')) })).toEqual({
      due_time: outsourceMessages.cannotBeInPast,
    });
  });

  it('asks for a returning branch only for physical work, and sends none for digital work', () => {
    expect(messagesOf({ ...valid, job_type: 'physical' })).toEqual({
      returning_branch_id: outsourceMessages.mustBeSelected,
    });
    expect(messagesOf({ ...valid, job_type: 'physical', returning_branch_id: 2 })).toEqual({});
    expect(toOutsourceJobInput({ ...valid, returning_branch_id: 2 }).returning_branch_id).toBeNull();
  });

  it('checks each additional recipient', () => {
    expect(messagesOf({ ...valid, additional_recipients: 'a@lab.example, not-an-address' })).toEqual({
      additional_recipients: outsourceMessages.invalidEmail,
    });
    expect(splitRecipients(' a@lab.example,b@lab.example; c@lab.example  ')).toEqual([
      'a@lab.example',
      'b@lab.example',
      'c@lab.example',
    ]);
  });
});
