import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { createScanBurst } from './scan-burst';

// Scan to open, on every staff page: a code a barcode scanner types anywhere but in a text box (which
// takes it itself: the footer's Case Search already opens a scanned label) opens its case. A page may
// take a scan first (the Check-in desk selects the case); otherwise the shell's default opens it.

type ScanHandler = (code: string) => boolean;

type HandlerSlot = {
  take: (handler: ScanHandler | null) => void;
  isHolding: (handler: ScanHandler) => boolean;
};

const PageHandlerContext = createContext<HandlerSlot>({ take: () => undefined, isHolding: () => false });

const isEditable = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Listens for scans on the whole window; `openCase` is the default for a scan no page took. */
export const ScanToOpen = ({
  openCase,
  children,
}: {
  openCase: (code: string) => void;
  children: ReactNode;
}) => {
  const pageHandler = useRef<ScanHandler | null>(null);
  const openRef = useRef(openCase);
  useEffect(() => {
    openRef.current = openCase;
  }, [openCase]);
  const slot = useMemo<HandlerSlot>(
    () => ({
      take: (handler) => {
        pageHandler.current = handler;
      },
      isHolding: (handler) => pageHandler.current === handler,
    }),
    [],
  );
  useEffect(() => {
    const burst = createScanBurst();
    // Capture: a drawer or dialog that stops its keys from bubbling still lets the scan through.
    const onKeyDown = (event: KeyboardEvent) => {
      if (isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const code = burst.push(event.key, event.timeStamp);
      if (code === null) return;
      event.preventDefault();
      event.stopPropagation();
      if (!pageHandler.current?.(code)) openRef.current(code);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
  return <PageHandlerContext.Provider value={slot}>{children}</PageHandlerContext.Provider>;
};

/** A page's own use of a scan: answer true when it took the code, false to let the shell open it. */
export const useScanHandler = (handler: ScanHandler): void => {
  const slot = useContext(PageHandlerContext);
  useEffect(() => {
    slot.take(handler);
    return () => {
      if (slot.isHolding(handler)) slot.take(null);
    };
  }, [slot, handler]);
};
