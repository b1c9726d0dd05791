import { lazy, Suspense, useState, type ComponentType } from 'react';
import { ChunkErrorBoundary } from './lazy-part-boundary';

/** A component in a chunk of its own, with the download it renders from offered as `prefetch`. */
export type LazyPart<Props extends object> = ComponentType<Props> & {
  prefetch: () => Promise<unknown>;
};

/**
 * React.lazy whose import can also start before the first render (on idle, on hover), so a part opened
 * later is already there. A failed download is forgotten, so the next render or prefetch tries again.
 *
 * A part whose chunk has already arrived renders at once: React.lazy suspends on its first render even
 * then (its promise settles a microtask later), so the click showed the fallback and the retry rendered
 * the part in time slices with frames in between: half of opening Notes & Messages (about 1.2 of 2.4 s,
 * CPU throttled 4×, issue 15).
 */
export const lazyPart = <Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyPart<Props> => {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const prefetch = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(prefetch);
  const Part = (props: Props) => {
    // Chosen once per mount: turning from the lazy part into the loaded one would mount it again.
    const [Shown] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  };
  return Object.assign(Part, { prefetch });
};

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

// The first download waits this long after the page's load event: an idle moment while the first view
// still waits for its data would otherwise spend it evaluating other views' code (a slow PC's main thread
// is what the first view is waiting for).
const firstPrefetchDelayMs = 1_000;

/** Resolves after the page's load event and `firstPrefetchDelayMs`. */
const afterPageLoad = (): Promise<void> =>
  new Promise((resolve) => {
    const wait = () => window.setTimeout(resolve, firstPrefetchDelayMs);
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  });

/**
 * Downloads the parts one by one while the browser has nothing else to do, once the page has loaded, so
 * the first page stays light and opening a part later feels instant. Returns a cancel for effect clean-up.
 */
export const prefetchWhenIdle = (parts: readonly { prefetch: () => Promise<unknown> }[]): (() => void) => {
  const idleWindow = window as IdleWindow;
  let isCancelled = false;
  let handle: number | undefined;
  const schedule = (next: () => void) => {
    handle = idleWindow.requestIdleCallback
      ? idleWindow.requestIdleCallback(next, { timeout: 5000 })
      : window.setTimeout(next, 200);
  };
  const prefetchFrom = (index: number) => {
    const part = parts[index];
    if (isCancelled || !part) return;
    // A failed prefetch is harmless: opening the part tries again and shows its own error.
    void part
      .prefetch()
      .catch(() => undefined)
      .finally(() => {
        // A download that ends after the page (or a test) let go of it schedules nothing more.
        if (!isCancelled) schedule(() => prefetchFrom(index + 1));
      });
  };
  void afterPageLoad().then(() => {
    if (!isCancelled) schedule(() => prefetchFrom(0));
  });
  return () => {
    isCancelled = true;
    if (handle === undefined) return;
    if (idleWindow.cancelIdleCallback) idleWindow.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
};

/**
 * True from the first time `isOpen` is true: a lazy dialog or menu mounts on its first opening (which
 * downloads it) and stays mounted afterwards, so its closing transition still plays.
 */
export const useHasOpened = (isOpen: boolean): boolean => {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened || isOpen;
};

/**
 * A dialog (or any part shown on demand) in a chunk of its own: nothing renders until `isOpenIn(props)`
 * is first true, which downloads it; it then stays mounted, so its closing transition plays. A download
 * that fails shows the lazy part's error in place of the dialog.
 */
export const lazyDialog = <Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  isOpenIn: (props: Props) => boolean,
) => {
  const Part = lazyPart(load);
  const LazyDialog = (props: Props) => {
    const hasOpened = useHasOpened(isOpenIn(props));
    if (!hasOpened) return null;
    return (
      <ChunkErrorBoundary>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  };
  return Object.assign(LazyDialog, { prefetch: Part.prefetch });
};
