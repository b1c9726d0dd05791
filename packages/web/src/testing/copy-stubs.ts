import { vi } from 'vitest';

// The two kinds of page the copy buttons meet. jsdom has neither a Clipboard API nor execCommand, so the
// test sets up the browser it means; `restoreCopyStubs` takes it all away again.

const setProperty = (target: object, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, configurable: true, writable: true });

/**
 * A bench PC on plain HTTP: no secure context, no Clipboard API. `execCommand('copy')` records the text
 * selected when it ran (what the browser would put on the clipboard), or refuses when `canCopy` is false.
 */
export const stubPlainHttpPage = ({ canCopy = true } = {}) => {
  setProperty(window, 'isSecureContext', false);
  setProperty(navigator, 'clipboard', undefined);
  const copied: string[] = [];
  const execCommand = vi.fn((command: string) => {
    const selected = document.activeElement;
    if (command !== 'copy' || !canCopy) return false;
    if (selected instanceof HTMLTextAreaElement) {
      copied.push(selected.value.slice(selected.selectionStart, selected.selectionEnd));
    }
    return true;
  });
  setProperty(document, 'execCommand', execCommand);
  return { copied, execCommand };
};

/** An https:// page with the Clipboard API; `writeText` answers as the test says. */
export const stubSecurePage = (writeText = vi.fn((_text: string) => Promise.resolve())) => {
  setProperty(window, 'isSecureContext', true);
  setProperty(navigator, 'clipboard', { writeText });
  return { writeText };
};

export const restoreCopyStubs = () => {
  Reflect.deleteProperty(window, 'isSecureContext');
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
};
