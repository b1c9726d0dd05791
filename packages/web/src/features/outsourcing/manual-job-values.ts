import { z } from 'zod';
import {
  outsourceJobSchema,
  outsourceJobTypes,
  outsourceMessages,
  type OutsourceJobInput,
  type OutsourceJobType,
  type Outsource,
} from '@lab/domain';
import { labTimeInputToIso, toLabTimeInput } from '../../lib/lab-time-input';

// The New Outsource Job form for a manual partner (case-workspace §5 'Outsource (new and preemptive)').
// The form holds what the inputs hold; the domain's outsourceJobSchema checks what would be sent, so the
// web and the server refuse with the same words.

export type OutsourceJobValues = {
  partner_id: number | null;
  /** datetime-local value in the lab's zone (Melbourne). */
  due_time: string;
  job_type: OutsourceJobType | '';
  returning_branch_id: number | null;
  /** E-mail addresses separated by commas, semicolons or spaces. */
  additional_recipients: string;
  note: string;
};

export const outsourceJobFields = [
  'partner_id',
  'due_time',
  'job_type',
  'returning_branch_id',
  'additional_recipients',
  'note',
] as const satisfies readonly (keyof OutsourceJobValues)[];

export const splitRecipients = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');

/** The body the form sends (start_outsource and plan_outsource): a digital job returns to no branch. */
export const toOutsourceJobInput = (values: OutsourceJobValues): OutsourceJobInput => ({
  partner_id: values.partner_id,
  due_time: labTimeInputToIso(values.due_time),
  job_type: values.job_type || null,
  returning_branch_id: values.job_type === 'physical' ? values.returning_branch_id : null,
  additional_recipients: splitRecipients(values.additional_recipients),
  note: values.note,
});

/** The form's first values: blank, or the preemptive job's plan when it is being started. */
export const outsourceJobDefaults = (
  partnerId: number | null,
  preemptive: Outsource | null = null,
): OutsourceJobValues => ({
  partner_id: partnerId,
  due_time: toLabTimeInput(preemptive?.expected_return),
  job_type: preemptive?.job_type ?? '',
  returning_branch_id: preemptive?.returning_branch_id ?? null,
  additional_recipients: preemptive?.additional_recipients.join(', ') ?? '',
  note: preemptive?.note ?? '',
});

/** One message per field, all at once; 'Cannot be in the past' is read against `now`. */
export const outsourceJobFormSchema = (now: () => Date) =>
  z
    .object({
      partner_id: z.number().nullable(),
      due_time: z.string(),
      job_type: z.union([z.enum(outsourceJobTypes), z.literal('')]),
      returning_branch_id: z.number().nullable(),
      additional_recipients: z.string(),
      note: z.string(),
    })
    .superRefine((values, ctx) => {
      const input = toOutsourceJobInput(values);
      const flagged = new Set<string>();
      for (const issue of outsourceJobSchema.safeParse(input).error?.issues ?? []) {
        const field = String(issue.path[0] ?? 'root');
        if (flagged.has(field)) continue;
        flagged.add(field);
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
      if (!flagged.has('due_time') && input.due_time && Date.parse(input.due_time) <= now().getTime()) {
        ctx.addIssue({ code: 'custom', path: ['due_time'], message: outsourceMessages.cannotBeInPast });
      }
    });
