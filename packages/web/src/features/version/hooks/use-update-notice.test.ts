import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUpdateNotice } from './use-update-notice';

describe('useUpdateNotice', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const renderNotice = (reload: () => void) =>
    renderHook(
      ({ version, seenAt }: { version: string | undefined; seenAt: number }) =>
        useUpdateNotice(version, seenAt, reload),
      { initialProps: { version: undefined as string | undefined, seenAt: 0 } },
    );

  it('waits 10 minutes after a new version, counts down 600 s, then reloads once', () => {
    const reload = vi.fn();
    const { result, rerender } = renderNotice(reload);
    rerender({ version: '1+a', seenAt: Date.now() });
    expect(result.current.kind).toBe('none');

    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    rerender({ version: '1+b', seenAt: Date.now() });
    expect(result.current.kind).toBe('waiting');

    act(() => {
      vi.advanceTimersByTime(10 * 60_000 - 1000);
    });
    expect(result.current.kind).toBe('waiting');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toEqual({ kind: 'countdown', millisecondsLeft: 600_000 });

    act(() => {
      vi.advanceTimersByTime(300_000);
    });
    expect(result.current).toEqual({ kind: 'countdown', millisecondsLeft: 300_000 });
    expect(reload).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(300_000);
    });
    expect(result.current.kind).toBe('reload');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never shows anything while the version stays the same', () => {
    const reload = vi.fn();
    const { result, rerender } = renderNotice(reload);
    for (let poll = 0; poll < 200; poll += 1) {
      rerender({ version: '1+a', seenAt: Date.now() });
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
    }
    expect(result.current.kind).toBe('none');
    expect(reload).not.toHaveBeenCalled();
  });
});
