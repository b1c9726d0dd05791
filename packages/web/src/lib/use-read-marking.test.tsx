import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver, type IntersectionStub } from '../testing/intersection-observer-stub';
import { useReadMarking, type MarkRead } from './use-read-marking';

// The hook on its own; the staff timeline and the portal tab test it through their real calls.

let viewport: IntersectionStub;

const aBubble = (uid: string) => {
  const element = document.createElement('div');
  element.setAttribute('data-message-uid', uid);
  return element;
};

beforeEach(() => {
  viewport = stubIntersectionObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useReadMarking', () => {
  it('watches only an unseen bubble, and only while enabled', () => {
    const markRead: MarkRead = vi.fn(() => Promise.resolve());
    const { result, rerender } = renderHook(({ isEnabled }) => useReadMarking(markRead, isEnabled), {
      initialProps: { isEnabled: false },
    });
    expect(result.current(true)).toBeUndefined();
    rerender({ isEnabled: true });
    expect(result.current(false)).toBeUndefined();
    const bubble = aBubble('m1');
    result.current(true)?.(bubble);
    expect(viewport.observed.has(bubble)).toBe(true);
  });

  it('sends each visible bubble once through the given call; a failed mark is not retried', async () => {
    const markRead = vi.fn<MarkRead>(() => Promise.reject(new Error('offline')));
    const { result } = renderHook(() => useReadMarking(markRead, true));
    const bubble = aBubble('m1');
    result.current(true)?.(bubble);

    act(() => viewport.intersect([bubble]));
    await act(() => Promise.resolve());
    expect(markRead).toHaveBeenCalledExactlyOnceWith('m1');
    expect(viewport.observed.has(bubble)).toBe(false);
    act(() => viewport.intersect([bubble]));
    expect(markRead).toHaveBeenCalledTimes(1);
  });
});
