import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStoredChoice } from './stored-choice';

const choices = ['fdi', 'palmer', 'universal'] as const;

const renderChoice = (key: string | null) => renderHook(() => useStoredChoice(key, choices, 'fdi'));

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  // What another tab's clear() announces: the page forgets its own choices too.
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
});

describe('useStoredChoice', () => {
  it('starts at the fallback and keeps a choice for the next page load', () => {
    const first = renderChoice('lab.test.choice');
    expect(first.result.current[0]).toBe('fdi');
    act(() => first.result.current[1]('palmer'));
    expect(first.result.current[0]).toBe('palmer');
    expect(window.localStorage.getItem('lab.test.choice')).toBe('palmer');
    first.unmount();
    // A reload: nothing but storage remembers.
    expect(renderChoice('lab.test.choice').result.current[0]).toBe('palmer');
  });

  it('keeps each key apart (two people on one PC)', () => {
    const dana = renderChoice('lab.test.dana');
    const lee = renderChoice('lab.test.lee');
    act(() => dana.result.current[1]('universal'));
    expect(dana.result.current[0]).toBe('universal');
    expect(lee.result.current[0]).toBe('fdi');
  });

  it('tells every reader on the page at once, and follows another tab', () => {
    const one = renderChoice('lab.test.shared');
    const two = renderChoice('lab.test.shared');
    act(() => one.result.current[1]('palmer'));
    expect(two.result.current[0]).toBe('palmer');
    act(() => {
      window.localStorage.setItem('lab.test.shared', 'universal');
      window.dispatchEvent(new StorageEvent('storage', { key: 'lab.test.shared' }));
    });
    expect(one.result.current[0]).toBe('universal');
  });

  it('reads a stored value that is no choice as the fallback', () => {
    window.localStorage.setItem('lab.test.old', 'roman');
    expect(renderChoice('lab.test.old').result.current[0]).toBe('fdi');
  });

  it('keeps the choice for the page where storage is refused or no key is known', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const refused = renderChoice('lab.test.refused');
    act(() => refused.result.current[1]('palmer'));
    expect(refused.result.current[0]).toBe('palmer');
    const unkeyed = renderChoice(null);
    act(() => unkeyed.result.current[1]('universal'));
    expect(unkeyed.result.current[0]).toBe('universal');
  });
});
