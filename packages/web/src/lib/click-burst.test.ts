import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isBurst, recordClick, useClickBurst } from './click-burst';

const burst = { clicks: 3, windowMs: 2000 };

describe('recordClick', () => {
  it('keeps only the clicks inside the window', () => {
    expect(recordClick([0, 500, 1500], 2100, 2000)).toEqual([500, 1500, 2100]);
    expect(recordClick([0], 2000, 2000)).toEqual([2000]);
  });

  it('is a burst only past the number of clicks', () => {
    expect(isBurst([1, 2, 3], burst)).toBe(false);
    expect(isBurst([1, 2, 3, 4], burst)).toBe(true);
  });
});

describe('useClickBurst', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('triggers on the fourth click within 2 s and stays triggered', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useClickBurst(burst));
    for (let click = 0; click < 3; click += 1) {
      act(() => result.current.onClick());
      vi.advanceTimersByTime(600);
    }
    expect(result.current.isTriggered).toBe(false);
    act(() => result.current.onClick());
    expect(result.current.isTriggered).toBe(true);
    vi.advanceTimersByTime(10_000);
    act(() => result.current.onClick());
    expect(result.current.isTriggered).toBe(true);
  });

  it('does not trigger when the clicks are spread over more than 2 s', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useClickBurst(burst));
    for (let click = 0; click < 8; click += 1) {
      act(() => result.current.onClick());
      vi.advanceTimersByTime(700);
    }
    expect(result.current.isTriggered).toBe(false);
  });
});
