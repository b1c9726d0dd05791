import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBusinessCalendar } from '../schedule/business-calendar';
import { formatBusinessAge, replySlaOf, replySlaSeconds, waitingBusinessSeconds } from './reply-age';

const melbourne = createBusinessCalendar({ country: 'AU', region: 'VIC' });
const hour = 3600;

describe('waitingBusinessSeconds', () => {
  it('does not count the weekend: Friday 4 pm to Monday 9 am is two business hours', () => {
    // 2026-11-27 is a Friday; Melbourne is UTC+11 in summer.
    const friday4pm = new Date('2026-11-27T05:00:00Z');
    const monday9am = new Date('2026-11-29T22:00:00Z');
    expect(waitingBusinessSeconds(melbourne, friday4pm, monday9am)).toBe(2 * hour);
  });

  it('does not count a public holiday (Christmas and Boxing Day, 2026)', () => {
    const christmasEve4pm = new Date('2026-12-24T05:00:00Z');
    const twentyNinth9am = new Date('2026-12-28T22:00:00Z');
    // Thursday 24th 16:00–17:00, then Friday 25th, the weekend and Monday 28th (Boxing Day observed) off.
    expect(waitingBusinessSeconds(melbourne, christmasEve4pm, twentyNinth9am)).toBe(2 * hour);
  });

  it('is never negative, and grows with the wait', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 30 * 86_400 }),
        fc.integer({ min: 0, max: 30 * 86_400 }),
        (since, first, more) => {
          const earlier = new Date(since.getTime() + first * 1000);
          const later = new Date(earlier.getTime() + more * 1000);
          const a = waitingBusinessSeconds(melbourne, since, earlier);
          const b = waitingBusinessSeconds(melbourne, since, later);
          expect(a).toBeGreaterThanOrEqual(0);
          expect(b).toBeGreaterThanOrEqual(a);
          expect(waitingBusinessSeconds(melbourne, later, since)).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('replySlaOf', () => {
  it('is green under two business hours, amber to a business day, red after', () => {
    expect(replySlaOf(0)).toBe('ok');
    expect(replySlaOf(replySlaSeconds.amberFrom - 1)).toBe('ok');
    expect(replySlaOf(replySlaSeconds.amberFrom)).toBe('due');
    expect(replySlaOf(replySlaSeconds.redFrom - 1)).toBe('due');
    expect(replySlaOf(replySlaSeconds.redFrom)).toBe('late');
  });

  it('never gets better as the wait grows', () => {
    const rank = { ok: 0, due: 1, late: 2 } as const;
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (a, b) => {
        const [less, more] = a <= b ? [a, b] : [b, a];
        expect(rank[replySlaOf(more)]).toBeGreaterThanOrEqual(rank[replySlaOf(less)]);
      }),
    );
  });
});

describe('formatBusinessAge', () => {
  it('says minutes, hours and business days', () => {
    expect(formatBusinessAge(59)).toBe('0 min');
    expect(formatBusinessAge(25 * 60)).toBe('25 min');
    expect(formatBusinessAge(3 * hour + 20 * 60)).toBe('3 h 20 min');
    expect(formatBusinessAge(17 * hour)).toBe('2 d 1 h');
  });
});
