import { listenLocally, type RealtimeEvent } from './events';

// For tests of writes that run without a stream (jobs, one call): the realtime events this process
// commits, heard as its own caches hear them (listenLocally), so a test can say which collections a
// write told open pages about.

export type HeardEvents = {
  /** The uids of the `collection` events heard so far, in order. */
  collections: () => string[];
  stop: () => void;
};

export const hearEvents = (): HeardEvents => {
  const heard: RealtimeEvent[] = [];
  const stop = listenLocally((events) => heard.push(...events));
  return {
    collections: () => heard.flatMap((event) => (event.type === 'collection' ? [event.uid] : [])),
    stop,
  };
};
