import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { statusParents } from '../enums';
import { flagsForStatusParent } from './status';
import { approvalEmailSentLabel, buildCaseTimeline, caseStepOf } from './case-timeline';
import type { CaseTimelineSource } from './case-timeline';

const noDates = {
  date_received: null,
  date_metrology_complete: null,
  date_design_complete: null,
  date_approval_complete: null,
  date_machining_complete: null,
  date_dispatched: null,
  date_promised: null,
  approval_email_times: [],
};

const caseIn = (parent: (typeof statusParents)[number], dates: Partial<CaseTimelineSource> = {}) => ({
  ...flagsForStatusParent(parent),
  ...noDates,
  ...dates,
});

const completeKeys = (source: CaseTimelineSource) =>
  buildCaseTimeline(source)
    .filter((entry) => entry.isComplete)
    .map((entry) => entry.key);

describe('caseStepOf', () => {
  it('numbers the steps cancelled 0 … dispatched 5', () => {
    expect(statusParents.map((parent) => [parent, caseStepOf(flagsForStatusParent(parent))])).toEqual([
      ['ORDERED', 1],
      ['IN DESIGN', 2],
      ['IN PRODUCTION', 3],
      ['IN LAB', 4],
      ['DISPATCHED', 5],
      ['CANCELLED', 0],
    ]);
  });

  it('lets cancelled win, and starts a case with no flag at ordered', () => {
    const none = { ...flagsForStatusParent('ORDERED'), ordered: false };
    expect(caseStepOf(none)).toBe(1);
    expect(caseStepOf({ ...flagsForStatusParent('DISPATCHED'), cancelled: true })).toBe(0);
  });
});

describe('buildCaseTimeline', () => {
  it('lists the seven entries in order for a new case', () => {
    expect(buildCaseTimeline(caseIn('ORDERED')).map((entry) => entry.label)).toEqual([
      'Case Received',
      'Check-in / Metrology',
      'Design / Approval',
      'Client Approval',
      'Production / Lab',
      'Assembly / Dispatch',
      'Date Promised',
    ]);
    expect(completeKeys(caseIn('ORDERED'))).toEqual([]);
  });

  it('shows the time the client held the case, once it has held it', () => {
    const held = buildCaseTimeline(caseIn('IN PRODUCTION', { customer_delay_seconds: 9 * 3600 }));
    expect(held.find((entry) => entry.key === 'client_hold')).toEqual({
      key: 'client_hold',
      label: 'Waited on the client: 1 d 1 h (business time), added to the due date',
      date: null,
      isComplete: true,
    });
    expect(
      buildCaseTimeline(caseIn('IN PRODUCTION', { customer_delay_seconds: 0 })).map((e) => e.key),
    ).not.toContain('client_hold');
  });

  it('completes an entry whose completion date exists', () => {
    const source = caseIn('ORDERED', { date_received: '2025-06-02T01:00:00.000Z' });
    expect(completeKeys(source)).toEqual(['received']);
  });

  it('completes the entries of every step the case is past', () => {
    expect(completeKeys(caseIn('IN DESIGN'))).toEqual(['received', 'metrology']);
    expect(completeKeys(caseIn('IN PRODUCTION'))).toEqual([
      'received',
      'metrology',
      'design',
      'client_approval',
    ]);
    expect(completeKeys(caseIn('IN LAB'))).toEqual([
      'received',
      'metrology',
      'design',
      'client_approval',
      'production',
    ]);
    expect(completeKeys(caseIn('DISPATCHED'))).toEqual([
      'received',
      'metrology',
      'design',
      'client_approval',
      'production',
      'dispatch',
      'promised',
    ]);
  });

  it('completes nothing by step on a cancelled case, only by dates', () => {
    const source = caseIn('CANCELLED', { date_metrology_complete: '2025-06-02T03:00:00Z' });
    expect(completeKeys(source)).toEqual(['metrology']);
  });

  it('does not complete Date Promised by its date alone', () => {
    const source = caseIn('IN LAB', { date_promised: '2025-06-10T07:00:00Z' });
    expect(buildCaseTimeline(source).find((entry) => entry.key === 'promised')?.isComplete).toBe(false);
  });

  it('adds one Approval Email Sent entry per email, sorted by date with the rest', () => {
    const source = caseIn('IN DESIGN', {
      date_received: '2025-06-02T00:00:00Z',
      date_metrology_complete: '2025-06-02T05:00:00Z',
      date_promised: '2025-06-10T07:00:00Z',
      approval_email_times: ['2025-06-04T01:00:00Z', new Date('2025-06-03T01:00:00Z')],
    });
    expect(buildCaseTimeline(source).map((entry) => [entry.label, entry.date, entry.isComplete])).toEqual([
      ['Case Received', '2025-06-02T00:00:00.000Z', true],
      ['Check-in / Metrology', '2025-06-02T05:00:00.000Z', true],
      [approvalEmailSentLabel, '2025-06-03T01:00:00.000Z', true],
      [approvalEmailSentLabel, '2025-06-04T01:00:00.000Z', true],
      ['Date Promised', '2025-06-10T07:00:00.000Z', false],
      ['Design / Approval', null, false],
      ['Client Approval', null, false],
      ['Production / Lab', null, false],
      ['Assembly / Dispatch', null, false],
    ]);
  });

  it('ignores missing or unreadable email times', () => {
    const source = caseIn('IN DESIGN', { approval_email_times: ['', 'garbage', null] });
    expect(buildCaseTimeline(source)).toHaveLength(7);
    expect(buildCaseTimeline({ ...source, approval_email_times: null })).toHaveLength(7);
  });

  it('sorts dated entries ascending and keeps undated ones last', () => {
    const date = fc.option(
      fc.date({ min: new Date('2024-01-01'), max: new Date('2026-01-01'), noInvalidDate: true }),
      { nil: null },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...statusParents),
        fc.record({
          date_received: date,
          date_metrology_complete: date,
          date_design_complete: date,
          date_approval_complete: date,
          date_machining_complete: date,
          date_dispatched: date,
          date_promised: date,
        }),
        fc.array(fc.date({ min: new Date('2024-01-01'), max: new Date('2026-01-01'), noInvalidDate: true }), {
          maxLength: 4,
        }),
        (parent, dates, emails) => {
          const entries = buildCaseTimeline(caseIn(parent, { ...dates, approval_email_times: emails }));
          expect(entries).toHaveLength(7 + emails.length);
          const times = entries.map((entry) => (entry.date === null ? Infinity : Date.parse(entry.date)));
          for (let i = 1; i < times.length; i += 1)
            expect(times[i]).toBeGreaterThanOrEqual(times[i - 1] ?? 0);
        },
      ),
    );
  });
});
