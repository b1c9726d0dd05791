// A list row that opens a page in place must still let a person open it in a new tab, as a link does.

type ClickLike = {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
};

/** A left click with no modifier key: the app opens the page itself; any other click is the browser's. */
export const isPlainClick = (event: ClickLike): boolean =>
  event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;

/** Ctrl-click (Cmd-click on a Mac) or a middle click: what opens a link in a new tab. */
export const isNewTabClick = (event: ClickLike): boolean =>
  event.button === 1 || (event.button === 0 && (event.ctrlKey || event.metaKey));

/** The click landed on a link, which opens (or is handled) on its own. */
export const isOnLink = (target: EventTarget | null): boolean =>
  target instanceof Element && target.closest('a[href]') !== null;
