import { useState, type ComponentType } from 'react';
import { lazyPart } from '../../components/lazy-part';

/**
 * A lazy part that renders at once when its chunk has already arrived (prefetched on idle). React.lazy
 * suspends on its first render even then, since its promise settles a microtask later: the click shows
 * the spinner, and the retry renders the part in time slices with frames in between, which took half
 * of the click on Notes & Messages (about 1.2 of 2.4 s, CPU throttled 4×).
 */
export const readyPart = <Props extends object>(load: () => Promise<ComponentType<Props>>) => {
  let loaded: ComponentType<Props> | undefined;
  const part = lazyPart(() =>
    load().then((component) => {
      loaded = component;
      return component;
    }),
  );
  const ReadyPart = (props: Props) => {
    // Chosen once per mount: turning from the lazy part into the loaded one would mount it again.
    const [Part] = useState<ComponentType<Props>>(() => loaded ?? part);
    return <Part {...props} />;
  };
  return Object.assign(ReadyPart, { prefetch: part.prefetch });
};
