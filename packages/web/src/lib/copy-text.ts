// The bench PCs open the product over plain HTTP at a host name. That is not a secure context, so the
// Clipboard API is missing there, and the older execCommand route is the one that works.

const canUseClipboardApi = (): boolean => {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  return window.isSecureContext && typeof clipboard?.writeText === 'function';
};

/** Copies through a hidden textarea and `execCommand('copy')`; false when the browser would not. */
const copyWithTextarea = (text: string, near?: Element | null): boolean => {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  // Read-only keeps a tablet's keyboard down. Transparent, not hidden: a hidden element holds no selection.
  textarea.readOnly = true;
  textarea.tabIndex = -1;
  textarea.setAttribute('aria-hidden', 'true');
  Object.assign(textarea.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    width: '1px',
    height: '1px',
    padding: '0',
    border: '0',
    opacity: '0',
  });
  const focused = document.activeElement;
  // A modal (the case drawer, a dialog) pulls focus back from anything outside it, which drops the
  // selection before the copy; next to the clicked element the textarea is inside the modal.
  (near?.parentElement ?? document.body).append(textarea);
  try {
    textarea.focus({ preventScroll: true });
    textarea.select();
    textarea.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
    if (focused instanceof HTMLElement) focused.focus({ preventScroll: true });
  }
};

/**
 * Puts text on the clipboard: the Clipboard API on a secure page, otherwise (or when it refuses) a hidden
 * textarea. Rejects when neither copied, so the caller can offer the text to copy by hand. `near` is the
 * clicked element (see above). Call it straight from the click: on plain HTTP it copies before returning,
 * while the click still lets the page copy.
 */
export const copyText = async (text: string, near?: Element | null): Promise<void> => {
  if (canUseClipboardApi()) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, the page lost focus): the textarea may still work.
    }
  }
  if (!copyWithTextarea(text, near)) throw new Error('The browser did not copy the text');
};
