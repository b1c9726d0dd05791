import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { listenForRealtimeEvents, type ListenerOptions, type StopListening } from './database-listener';
import { listenLocally, parseRealtimePayload, type RealtimeEvent } from './events';

// One per app: this process's ear on the database channel. Streams hear what the database delivers;
// caches hear that too and, sooner, this process's own commits (listenLocally). A cache may only be
// trusted while the channel is listened on: an event missed during an outage would leave it stale, so
// losing the connection clears every cache and they stay bypassed until it is back.

export type BusSubscriber = {
  /** Events of the database channel: every process's, this one's included. */
  onEvent?: (event: RealtimeEvent) => void;
  /** Events that can make a cache stale: other processes' from the channel, this process's own at commit. */
  onStale?: (event: RealtimeEvent) => void;
  /** The channel was lost (false) or is listened on again (true). */
  onTrust?: (trusted: boolean) => void;
};

export type RealtimeBus = {
  /** Listening on the channel now: caches may serve and keep answers. */
  readonly trusted: boolean;
  subscribe: (subscriber: BusSubscriber) => () => void;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

export const createRealtimeBus = (
  db: Db,
  log: FastifyBaseLogger,
  options: ListenerOptions = {},
): RealtimeBus => {
  const subscribers = new Set<BusSubscriber>();
  let trusted = false;
  let listening: Promise<StopListening> | null = null;
  let stopLocal: (() => void) | null = null;

  const stale = (event: RealtimeEvent): void => {
    for (const subscriber of subscribers) subscriber.onStale?.(event);
  };
  const onPayload = (payload: string): void => {
    const { events, sentByThisProcess } = parseRealtimePayload(payload);
    for (const event of events) {
      // This process's own events made its caches stale at commit; hearing them again would only redo work.
      if (!sentByThisProcess) stale(event);
      for (const subscriber of subscribers) subscriber.onEvent?.(event);
    }
  };
  let isStopping = false;
  const onState = (listeningNow: boolean): void => {
    if (trusted === listeningNow) return;
    trusted = listeningNow;
    // A stop ends the channel on purpose: no warning for an operator to chase.
    if (!listeningNow && !isStopping)
      log.warn('realtime channel lost: in-process caches are bypassed until it is back');
    for (const subscriber of subscribers) subscriber.onTrust?.(listeningNow);
  };

  return {
    get trusted() {
      return trusted;
    },
    subscribe: (subscriber) => {
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    start: async () => {
      stopLocal ??= listenLocally((events) => {
        for (const event of events) stale(event);
      });
      isStopping = false;
      listening ??= listenForRealtimeEvents(db, onPayload, onState, log, options);
      await listening;
    },
    stop: async () => {
      isStopping = true;
      stopLocal?.();
      stopLocal = null;
      const started = listening;
      listening = null;
      if (started) await (await started.catch(() => null))?.();
      onState(false);
      subscribers.clear();
    },
  };
};

/** The app's bus: listening from the moment the app is ready until it closes. */
export const attachRealtimeBus = (app: FastifyInstance, db: Db): RealtimeBus => {
  const bus = createRealtimeBus(db, app.log);
  app.addHook('onReady', () => bus.start());
  app.addHook('onClose', () => bus.stop());
  return bus;
};
