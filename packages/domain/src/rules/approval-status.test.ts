import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approvalTypeCodes } from '../enums';
import {
  approvalAnswerMessages,
  approvalMessages,
  approvalOutcomeLabel,
  approvalStatusOf,
  canCancelReminders,
  checkApprovalDue,
  isApprovalOpen,
  isApprovedWithChanges,
  minimumApprovalLeadMs,
  reminderFrequencyText,
  standardApprovalDue,
} from './approval-status';

// Expectations come from case-workspace §4 'Approval status', §5 'New approval' and §9, and from
// domain-decisions 'Messages, notifications, approvals' (which adds Changes Requested).

const now = new Date('2025-06-02T00:00:00.000Z');
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const isoIn = (ms: number) => new Date(now.getTime() + ms).toISOString();
const earlier = isoIn(-hour);

const pending = {
  approval_due_at: isoIn(day),
  approved_at: null,
  cancelled_at: null,
  changes_requested_at: null,
};

describe('approvalStatusOf', () => {
  // domain-decisions: "Derived status: Cancelled, else Approved, else Changes Requested ..., else Pending".
  it('lets Cancelled win over Approved over Changes Requested over Pending', () => {
    const stamps = { approved_at: earlier, cancelled_at: earlier, changes_requested_at: earlier };
    expect(approvalStatusOf({ ...pending, ...stamps }, now)).toBe('Cancelled');
    expect(approvalStatusOf({ ...pending, ...stamps, cancelled_at: null }, now)).toBe('Approved');
    expect(approvalStatusOf({ ...pending, changes_requested_at: earlier }, now)).toBe('Changes Requested');
    expect(approvalStatusOf(pending, now)).toBe('Pending');
  });

  it('reads an approval without a changes_requested_at as not having one', () => {
    expect(
      approvalStatusOf({ approval_due_at: isoIn(day), approved_at: null, cancelled_at: null }, now),
    ).toBe('Pending');
  });

  // §4: "Overdue is shown when Pending and now is past approval_due_at."
  it('is Overdue only once now is past the due time, so exactly at it is still Pending', () => {
    expect(approvalStatusOf({ ...pending, approval_due_at: isoIn(1) }, now)).toBe('Pending');
    expect(approvalStatusOf({ ...pending, approval_due_at: isoIn(0) }, now)).toBe('Pending');
    expect(approvalStatusOf({ ...pending, approval_due_at: isoIn(-1) }, now)).toBe('Overdue');
  });

  it('never shows a decided approval as Overdue, however late', () => {
    const late = { ...pending, approval_due_at: isoIn(-30 * day) };
    expect(approvalStatusOf({ ...late, cancelled_at: earlier }, now)).toBe('Cancelled');
    expect(approvalStatusOf({ ...late, approved_at: earlier }, now)).toBe('Approved');
    expect(approvalStatusOf({ ...late, changes_requested_at: earlier }, now)).toBe('Changes Requested');
  });
});

describe('isApprovalOpen', () => {
  // §4: "Only Pending approvals offer Message, Approve (on the client's behalf) and Cancel, and file upload
  // or deletion." Overdue is a Pending approval shown late.
  it('is open while Pending or Overdue', () => {
    expect(isApprovalOpen(pending)).toBe(true);
    expect(isApprovalOpen({ ...pending, approval_due_at: isoIn(-day) })).toBe(true);
  });

  it('is closed once cancelled, approved or answered with changes', () => {
    expect(isApprovalOpen({ ...pending, cancelled_at: earlier })).toBe(false);
    expect(isApprovalOpen({ ...pending, approved_at: earlier })).toBe(false);
    expect(isApprovalOpen({ ...pending, changes_requested_at: earlier })).toBe(false);
  });

  it('agrees with the derived status for any combination of stamps', () => {
    const stamp = fc.constantFrom(null, earlier);
    fc.assert(
      fc.property(stamp, stamp, stamp, fc.integer({ min: -2 * day, max: 2 * day }), (a, c, r, dueIn) => {
        const approval = {
          approval_due_at: isoIn(dueIn),
          approved_at: a,
          cancelled_at: c,
          changes_requested_at: r,
        };
        const status = approvalStatusOf(approval, now);
        expect(isApprovalOpen(approval)).toBe(status === 'Pending' || status === 'Overdue');
      }),
    );
  });
});

describe('canCancelReminders', () => {
  // §4: "Reminders can be cancelled when reminders are active with an interval and a next due time."
  const active = { send_reminders: true, reminder_interval_seconds: 86_400, next_reminder_due: isoIn(day) };

  it('allows it while reminders are on with an interval and a next due time', () => {
    expect(canCancelReminders(active)).toBe(true);
  });

  it('refuses it when reminders are off', () => {
    expect(canCancelReminders({ ...active, send_reminders: false })).toBe(false);
  });

  it('refuses it without an interval', () => {
    expect(canCancelReminders({ ...active, reminder_interval_seconds: null })).toBe(false);
    expect(canCancelReminders({ ...active, reminder_interval_seconds: 0 })).toBe(false);
  });

  it('refuses it without a next due time', () => {
    expect(canCancelReminders({ ...active, next_reminder_due: null })).toBe(false);
  });
});

describe('reminderFrequencyText', () => {
  // §4: "Reminder frequency display: under 1 hour in minutes, under 1 day in hours, else days."
  it.each([
    [60, 'Every 1 minute'],
    [120, 'Every 2 minutes'],
    [30 * 60, 'Every 30 minutes'],
    [3599, 'Every 59 minutes'],
    [3600, 'Every 1 hour'],
    [5400, 'Every 1 hour'],
    [7200, 'Every 2 hours'],
    [86_399, 'Every 23 hours'],
    [86_400, 'Every 1 day'],
    [1.5 * 86_400, 'Every 1 day'],
    [2 * 86_400, 'Every 2 days'],
    [30 * 86_400, 'Every 30 days'],
  ])('shows %i seconds as %j', (seconds, text) => {
    expect(reminderFrequencyText(seconds)).toBe(text);
  });

  it('never shows fewer than one', () => {
    expect(reminderFrequencyText(0)).toBe('Every 1 minute');
    expect(reminderFrequencyText(59)).toBe('Every 1 minute');
  });

  it('counts whole units that stay inside their unit, singular only for one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 86_400 }), (seconds) => {
        const match = /^Every (\d+) (minute|hour|day)(s?)$/.exec(reminderFrequencyText(seconds));
        expect(match).not.toBeNull();
        const [, count, unit, plural] = match ?? [];
        const n = Number(count);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(plural === 's').toBe(n !== 1);
        if (unit === 'minute') expect(n).toBeLessThan(60);
        if (unit === 'hour') expect(n).toBeLessThan(24);
        const unitSeconds = unit === 'minute' ? 60 : unit === 'hour' ? 3600 : 86_400;
        expect(n * unitSeconds).toBeLessThanOrEqual(Math.max(seconds, 60));
      }),
    );
  });
});

describe('standardApprovalDue', () => {
  // §9: "Standard approval due time: 7 days for TRY_IN_APPROVAL, otherwise 1 day, computed from now".
  it('gives a try-in a week and every other type a day from now', () => {
    expect(standardApprovalDue('TRY_IN_APPROVAL', now).toISOString()).toBe(isoIn(7 * day));
    expect(standardApprovalDue('DESIGN_APPROVAL', now).toISOString()).toBe(isoIn(day));
    expect(standardApprovalDue('OUTSIDE_ENVELOPE_APPROVAL', now).toISOString()).toBe(isoIn(day));
    expect(standardApprovalDue('SOME_NEW_TYPE', now).toISOString()).toBe(isoIn(day));
  });

  it('is always far enough ahead to pass checkApprovalDue', () => {
    for (const type of approvalTypeCodes) {
      expect(checkApprovalDue(standardApprovalDue(type, now).toISOString(), now)).toBeNull();
    }
  });
});

describe('checkApprovalDue', () => {
  // §5 'New approval': "due time 'Must be provided' and 'Should be at least 30 minutes from now'";
  // §9: "minimum due time 30 minutes ahead".
  it('wants 30 minutes', () => {
    expect(minimumApprovalLeadMs).toBe(30 * minute);
  });

  it.each([null, undefined, '', 'not a date', '2025-13-45T99:00'])('must be provided, not %j', (due) => {
    expect(checkApprovalDue(due, now)).toBe('Must be provided');
  });

  it('refuses a time under 30 minutes from now, or in the past', () => {
    for (const dueIn of [30 * minute - 1, 29 * minute, 0, -day]) {
      expect(checkApprovalDue(isoIn(dueIn), now)).toBe('Should be at least 30 minutes from now');
    }
  });

  it('accepts exactly 30 minutes from now and anything later', () => {
    for (const dueIn of [30 * minute, 30 * minute + 1, day, 7 * day]) {
      expect(checkApprovalDue(isoIn(dueIn), now)).toBeNull();
    }
  });

  it('answers with the spec wording', () => {
    expect(approvalMessages.mustBeProvided).toBe('Must be provided');
    expect(approvalMessages.tooSoon).toBe('Should be at least 30 minutes from now');
  });
});

describe('approvalOutcomeLabel', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const base = { approval_due_at: '2026-03-02T00:00:00Z', approved_at: null, cancelled_at: null };

  it("says 'Approved with changes' for an approval the client approved with changes", () => {
    const approved = { ...base, approved_at: '2026-02-28T00:00:00Z', changes: 'Slightly shorter' };
    expect(isApprovedWithChanges(approved)).toBe(true);
    expect(approvalOutcomeLabel(approved, now)).toBe('Approved with changes');
  });

  it('says the status otherwise: a plain approval, a change request, a cancelled or an overdue one', () => {
    expect(approvalOutcomeLabel({ ...base, approved_at: '2026-02-28T00:00:00Z', changes: null }, now)).toBe(
      'Approved',
    );
    expect(approvalOutcomeLabel({ ...base, approved_at: '2026-02-28T00:00:00Z', changes: '  ' }, now)).toBe(
      'Approved',
    );
    expect(
      approvalOutcomeLabel(
        { ...base, changes_requested_at: '2026-02-28T00:00:00Z', changes: 'Thicker margin' },
        now,
      ),
    ).toBe('Changes Requested');
    expect(
      approvalOutcomeLabel(
        { ...base, approved_at: '2026-02-28T00:00:00Z', cancelled_at: '2026-02-28T01:00:00Z', changes: 'x' },
        now,
      ),
    ).toBe('Cancelled');
    expect(approvalOutcomeLabel({ ...base, approval_due_at: '2026-02-01T00:00:00Z' }, now)).toBe('Overdue');
  });
});

describe('approvalAnswerMessages', () => {
  const message = (over: { approval_uid?: string | null; direction?: string; files?: number }) => ({
    approval_uid: over.approval_uid === undefined ? 'a-1' : over.approval_uid,
    direction: over.direction ?? 'INBOUND',
    attachments: Array.from({ length: over.files ?? 1 }, (_, i) => ({ uid: `f-${i}` })),
  });

  it("keeps the client's messages about that approval that carry files, in their order", () => {
    const photo = message({});
    const second = message({ files: 2 });
    const messages = [
      photo,
      message({ files: 0 }),
      message({ direction: 'OUTBOUND' }),
      message({ approval_uid: 'a-2' }),
      message({ approval_uid: null }),
      second,
    ];
    expect(approvalAnswerMessages('a-1', messages)).toEqual([photo, second]);
    expect(approvalAnswerMessages('a-3', messages)).toEqual([]);
  });
});
