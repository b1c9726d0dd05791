import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { patchSearchParams, useLocationSearch, writeSearchParams } from './url-state';

describe('patchSearchParams', () => {
  it('sets and removes keys and keeps the others', () => {
    const next = patchSearchParams(new URLSearchParams('uid=a&search=smith&department=DESIGN'), {
      uid: 'b',
      search: null,
      view: 'messages',
      cuid: '',
      muid: undefined,
    });
    expect(next.toString()).toBe('uid=b&department=DESIGN&view=messages');
  });
});

describe('writeSearchParams', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/static/v2/collection.html');
  });

  it('pushes a new entry, replaces on request, and skips an identical URL', () => {
    window.history.replaceState(null, '', '/static/v2/collection.html');
    const start = window.history.length;
    const { result } = renderHook(() => useLocationSearch());

    act(() => writeSearchParams(new URLSearchParams('search=smith')));
    expect(result.current).toBe('?search=smith');
    expect(window.history.length).toBe(start + 1);

    act(() => writeSearchParams(new URLSearchParams('search=smith')));
    expect(window.history.length).toBe(start + 1);

    act(() => writeSearchParams(new URLSearchParams('uid=a'), { replace: true }));
    expect(result.current).toBe('?uid=a');
    expect(window.location.pathname).toBe('/static/v2/collection.html');
    expect(window.history.length).toBe(start + 1);
  });
});
