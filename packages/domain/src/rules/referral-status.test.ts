import { describe, expect, it } from 'vitest';
import { referralStatusOf } from './referral-status';

// collection-views §4 'Referral status: Accepted, Canceled or Pending'.

describe('referralStatusOf', () => {
  const at = '2026-01-02T03:04:05.000Z';

  it('is Accepted once accepted, else Canceled once cancelled, else Pending', () => {
    expect(referralStatusOf({ accepted_at: at, canceled_at: null })).toBe('Accepted');
    expect(referralStatusOf({ accepted_at: null, canceled_at: at })).toBe('Canceled');
    expect(referralStatusOf({ accepted_at: null, canceled_at: null })).toBe('Pending');
  });

  it('keeps an accepted referral Accepted when it was also cancelled', () => {
    expect(referralStatusOf({ accepted_at: at, canceled_at: at })).toBe('Accepted');
  });
});
