import type { StreamTopic } from '@lab/domain';
import type { RealtimeEvent } from './events';
import type { RealtimeBus } from './realtime-bus';

// The in-process fan-out from the database channel to the open streams of this process. Collection and
// file-lock events go to the streams that watch that collection (a page names the ones it shows), and to
// streams that named none (pages from before, which hear every collection); new orders and clients'
// messages to the streams that watch that topic (the Check-in desks, the Customer Service inboxes);
// notification events only to
// the streams of the employee they are for; a session's end ends that session's streams at once.
// Subscribers are indexed by collection, employee and session, so an event costs what it reaches, not
// 12,000 checks.

export type RealtimeSubscriber = {
  userId: number;
  sessionId: string;
  /** The collections whose changes this stream carries; null: every collection. */
  collectionUids: readonly string[] | null;
  /** Lab-wide topics the page hears: new orders (a Check-in desk), clients waiting (Customer Service). */
  topics?: readonly StreamTopic[];
  deliver: (event: RealtimeEvent) => void;
  /** The session ended: tell the page and end the stream. */
  expire: () => void;
};

const topicOf = { order_arrived: 'intake', client_waiting: 'customer_service' } as const;

export type RealtimeHub = {
  subscribe: (subscriber: RealtimeSubscriber) => () => void;
  /** The sessions of the open streams, for the heartbeat's one check of them all. */
  sessionIds: () => string[];
  /** Ends the streams of sessions that are no longer live. */
  expireSessions: (sessionIds: Iterable<string>) => void;
  readonly size: number;
  stop: () => void;
};

const addTo = <Key>(index: Map<Key, Set<RealtimeSubscriber>>, key: Key, subscriber: RealtimeSubscriber) => {
  const set = index.get(key) ?? new Set<RealtimeSubscriber>();
  set.add(subscriber);
  index.set(key, set);
};
const removeFrom = <Key>(
  index: Map<Key, Set<RealtimeSubscriber>>,
  key: Key,
  subscriber: RealtimeSubscriber,
) => {
  const set = index.get(key);
  if (!set) return;
  set.delete(subscriber);
  if (set.size === 0) index.delete(key);
};

export const createRealtimeHub = (bus: RealtimeBus): RealtimeHub => {
  const all = new Set<RealtimeSubscriber>();
  const ofEveryCollection = new Set<RealtimeSubscriber>();
  const byTopic = new Map<StreamTopic, Set<RealtimeSubscriber>>();
  const byCollection = new Map<string, Set<RealtimeSubscriber>>();
  const byUser = new Map<number, Set<RealtimeSubscriber>>();
  const bySession = new Map<string, Set<RealtimeSubscriber>>();

  const expireSessions = (sessionIds: Iterable<string>): void => {
    for (const sessionId of sessionIds) {
      for (const subscriber of [...(bySession.get(sessionId) ?? [])]) subscriber.expire();
    }
  };

  const deliver = (event: RealtimeEvent): void => {
    switch (event.type) {
      case 'collection':
      case 'file_lock':
        for (const subscriber of ofEveryCollection) subscriber.deliver(event);
        // Subscriptions are kept in lower case; an event names a uid as its writer had it.
        for (const subscriber of byCollection.get(event.uid.toLowerCase()) ?? []) subscriber.deliver(event);
        return;
      case 'order_arrived':
      case 'client_waiting':
        for (const subscriber of byTopic.get(topicOf[event.type]) ?? []) subscriber.deliver(event);
        return;
      case 'notification':
        for (const subscriber of byUser.get(event.user_id) ?? []) subscriber.deliver(event);
        return;
      case 'session_ended':
        return expireSessions([event.session_id]);
      default:
        return;
    }
  };
  const unsubscribeBus = bus.subscribe({ onEvent: deliver });

  return {
    subscribe: (subscriber) => {
      all.add(subscriber);
      addTo(byUser, subscriber.userId, subscriber);
      addTo(bySession, subscriber.sessionId, subscriber);
      const { collectionUids } = subscriber;
      const topics = subscriber.topics ?? [];
      for (const topic of topics) addTo(byTopic, topic, subscriber);
      if (collectionUids === null) ofEveryCollection.add(subscriber);
      else for (const uid of collectionUids) addTo(byCollection, uid, subscriber);
      return () => {
        all.delete(subscriber);
        ofEveryCollection.delete(subscriber);
        for (const topic of topics) removeFrom(byTopic, topic, subscriber);
        for (const uid of collectionUids ?? []) removeFrom(byCollection, uid, subscriber);
        removeFrom(byUser, subscriber.userId, subscriber);
        removeFrom(bySession, subscriber.sessionId, subscriber);
      };
    },
    sessionIds: () => [...bySession.keys()],
    expireSessions,
    get size() {
      return all.size;
    },
    stop: () => {
      unsubscribeBus();
      all.clear();
      ofEveryCollection.clear();
      byTopic.clear();
      byCollection.clear();
      byUser.clear();
      bySession.clear();
    },
  };
};
