import { describe, expect, it } from 'vitest';
import { isNewTabClick, isPlainClick } from './link-clicks';

const click = (overrides: Partial<Parameters<typeof isPlainClick>[0]> = {}) => ({
  button: 0,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...overrides,
});

describe('link clicks', () => {
  it('a left click without a modifier is plain; any modifier or another button is not', () => {
    expect(isPlainClick(click())).toBe(true);
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const) {
      expect(isPlainClick(click({ [modifier]: true }))).toBe(false);
    }
    expect(isPlainClick(click({ button: 1 }))).toBe(false);
    expect(isPlainClick(click({ button: 2 }))).toBe(false);
  });

  it('Ctrl-click, Cmd-click and a middle click ask for a new tab; a right click does not', () => {
    expect(isNewTabClick(click({ ctrlKey: true }))).toBe(true);
    expect(isNewTabClick(click({ metaKey: true }))).toBe(true);
    expect(isNewTabClick(click({ button: 1 }))).toBe(true);
    expect(isNewTabClick(click())).toBe(false);
    expect(isNewTabClick(click({ shiftKey: true }))).toBe(false);
    expect(isNewTabClick(click({ button: 2, ctrlKey: true }))).toBe(false);
  });
});
