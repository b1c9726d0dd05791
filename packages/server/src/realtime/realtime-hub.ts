import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { listenForRealtimeEvents, type StopListening } from './database-listener';
import { parseRealtimePayload, type RealtimeEvent } from './events';

// The in-process bus between the database channel and the open streams of this process. Collection
// events go to every stream (all staff may read every collection); notification events only to the
// streams of the employee they are for.

export type RealtimeSubscriber = { userId: number; deliver: (event: RealtimeEvent) => void };

export type RealtimeHub = {
  /** Resolves once this process listens on the channel (the first stream starts it). */
  ensureListening: () => Promise<void>;
  subscribe: (subscriber: RealtimeSubscriber) => () => void;
  stop: () => Promise<void>;
};

export const createRealtimeHub = (db: Db, log: FastifyBaseLogger): RealtimeHub => {
  const subscribers = new Set<RealtimeSubscriber>();
  let listening: Promise<StopListening> | null = null;

  const dispatch = (payload: string): void => {
    for (const event of parseRealtimePayload(payload)) {
      for (const subscriber of subscribers) {
        if (event.type === 'collection' || event.user_id === subscriber.userId) subscriber.deliver(event);
      }
    }
  };

  return {
    ensureListening: async () => {
      // Listening starts with the first stream, so processes and tests without one hold no extra
      // connection; a failed start is retried by the next stream.
      listening ??= listenForRealtimeEvents(db, dispatch, log).catch((error: unknown) => {
        listening = null;
        throw error;
      });
      await listening;
    },
    subscribe: (subscriber) => {
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    stop: async () => {
      subscribers.clear();
      const started = listening;
      listening = null;
      if (started) await (await started.catch(() => null))?.();
    },
  };
};
