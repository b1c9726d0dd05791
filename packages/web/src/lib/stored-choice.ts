import { useCallback, useSyncExternalStore } from 'react';

// A choice the browser keeps (localStorage), followed at once by every part of the page that shows it:
// a change is announced to the page's own readers (the storage event only reaches other tabs), and
// other tabs' changes arrive through that event. Where storage is refused (a locked-down browser) or no
// key is known yet, the choice lasts until the page closes. Why the browser and not the server:
// docs/decisions/2026-11-29-tooth-numbering-remembered-in-the-browser.md.

const listeners = new Set<() => void>();
// Choices made on this page: they win over storage that refused or failed to write them.
const pageChoices = new Map<string, string>();
const unkeyedSlot = '';

const announce = () => {
  for (const listener of listeners) listener();
};

const handleStorage = (event: StorageEvent) => {
  if (event.key === null) pageChoices.clear();
  else pageChoices.delete(event.key);
  announce();
};

let isListening = false;

const subscribe = (onChange: () => void) => {
  // Once per page, for as long as the page lives: page choices must forget what other tabs change.
  if (!isListening) window.addEventListener('storage', handleStorage);
  isListening = true;
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
};

const readStoredChoice = (key: string | null): string | null => {
  const slot = key ?? unkeyedSlot;
  if (pageChoices.has(slot)) return pageChoices.get(slot) ?? null;
  if (key === null) return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const writeStoredChoice = (key: string | null, value: string) => {
  pageChoices.set(key ?? unkeyedSlot, value);
  if (key !== null) {
    try {
      window.localStorage.setItem(key, value);
      pageChoices.delete(key);
    } catch {
      // Kept for this page only (see pageChoices).
    }
  }
  announce();
};

/**
 * One of `choices`, kept under `key` in this browser (`null`: not kept yet, e.g. before the signed-in
 * user is known). A stored value that is no longer a choice reads as `fallback`.
 */
export const useStoredChoice = <T extends string>(
  key: string | null,
  choices: readonly T[],
  fallback: T,
): [T, (next: T) => void] => {
  const stored = useSyncExternalStore(subscribe, () => readStoredChoice(key));
  const choice = choices.find((candidate) => candidate === stored) ?? fallback;
  const setChoice = useCallback((next: T) => writeStoredChoice(key, next), [key]);
  return [choice, setChoice];
};
