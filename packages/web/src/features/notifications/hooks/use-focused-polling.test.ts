import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFocusedPolling } from './use-focused-polling';

describe('useFocusedPolling', () => {
  let hasFocus: boolean;
  beforeEach(() => {
    vi.useFakeTimers();
    hasFocus = true;
    vi.spyOn(document, 'hasFocus').mockImplementation(() => hasFocus);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('polls every 30 s while the window has focus', () => {
    const poll = vi.fn();
    renderHook(() => useFocusedPolling(poll));
    vi.advanceTimersByTime(29_000);
    expect(poll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(poll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_000);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('does not poll without focus, and polls within a second of getting it back', () => {
    const poll = vi.fn();
    hasFocus = false;
    renderHook(() => useFocusedPolling(poll));
    vi.advanceTimersByTime(120_000);
    expect(poll).not.toHaveBeenCalled();
    hasFocus = true;
    vi.advanceTimersByTime(1_000);
    expect(poll).toHaveBeenCalledTimes(1);
    hasFocus = false;
    vi.advanceTimersByTime(60_000);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('stops on unmount', () => {
    const poll = vi.fn();
    const { unmount } = renderHook(() => useFocusedPolling(poll));
    unmount();
    vi.advanceTimersByTime(120_000);
    expect(poll).not.toHaveBeenCalled();
  });
});
