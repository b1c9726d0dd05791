import type { RealtimeEvent } from '../realtime/events';
import type { RealtimeBus } from '../realtime/realtime-bus';

// An in-process cache kept true by the realtime events every write publishes (through the database, so
// every process hears every other's). Each cache says which entries an event makes stale; a `reset`
// drops everything. Three rules keep it from serving what the database no longer says:
// - it serves and keeps entries only while the bus listens on the channel (an outage clears it);
// - a load that an invalidation overtook is answered but not kept (it may have read the old rows);
// - every entry expires (its own time, at most maxAgeMs), so a write that forgot to publish heals.

/** What an event makes stale: everything, some keys, or the entries a test matches. */
export type StaleEntries<Key, Value> = 'all' | readonly Key[] | ((key: Key, value: Value) => boolean);

export type EventCacheOptions<Key, Value> = {
  bus: RealtimeBus;
  staleAfter: (event: RealtimeEvent) => StaleEntries<Key, Value> | null;
  maxAgeMs: number;
  /** Past this many entries the oldest go first. */
  maxEntries?: number;
  /** Past this total weight (`weigh` of every kept value) the oldest go first. */
  maxWeight?: number;
  weigh?: (value: Value) => number;
};

/**
 * A loaded value and, when it must go sooner than maxAgeMs, when it stops being true (epoch ms).
 * `kept`: what the cache keeps instead of `value` (the loads waiting get `value`), e.g. an answer's ETag
 * without its body.
 */
export type Loaded<Value> = { value: Value; validUntil?: number; kept?: Value };

export type EventCache<Key, Value> = {
  /** The entry while it is fresh and trusted, else undefined. */
  peek: (key: Key) => Value | undefined;
  /** The entry, or `load`'s answer (kept unless an invalidation overtook it). Concurrent misses share one load. */
  get: (key: Key, load: () => Promise<Loaded<Value>>) => Promise<Value>;
  clear: () => void;
  readonly size: number;
};

type Entry<Value> = { value: Value; expiresAt: number; weight: number };
type Load<Key, Value> = { key: Key; stale: boolean; promise: Promise<Value> };

export const createEventCache = <Key, Value>(
  options: EventCacheOptions<Key, Value>,
): EventCache<Key, Value> => {
  const { bus, maxAgeMs } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
  const weigh = options.weigh ?? (() => 0);
  const entries = new Map<Key, Entry<Value>>();
  const loads = new Map<Key, Load<Key, Value>>();
  let totalWeight = 0;

  const remove = (key: Key): void => {
    const entry = entries.get(key);
    if (!entry) return;
    totalWeight -= entry.weight;
    entries.delete(key);
  };
  const removeOldest = (): void => {
    const oldest = entries.keys().next();
    if (!oldest.done) remove(oldest.value);
  };

  const forgetLoads = (matches: (key: Key) => boolean): void => {
    for (const load of loads.values()) {
      if (matches(load.key)) {
        load.stale = true;
        loads.delete(load.key);
      }
    }
  };
  const clear = (): void => {
    entries.clear();
    totalWeight = 0;
    forgetLoads(() => true);
  };
  const drop = (stale: StaleEntries<Key, Value>): void => {
    if (stale === 'all') return clear();
    if (typeof stale === 'function') {
      for (const [key, entry] of entries) if (stale(key, entry.value)) remove(key);
      // A load in flight has no value to test yet: it may be one of them.
      return forgetLoads(() => true);
    }
    for (const key of stale) remove(key);
    const keys = new Set(stale);
    forgetLoads((key) => keys.has(key));
  };

  bus.subscribe({
    onStale: (event) => {
      const stale = event.type === 'reset' ? 'all' : options.staleAfter(event);
      if (stale !== null) drop(stale);
    },
    onTrust: () => clear(),
  });

  const peek = (key: Key): Value | undefined => {
    if (!bus.trusted) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.value;
    remove(key);
    return undefined;
  };

  const keep = (key: Key, loaded: Loaded<Value>): void => {
    const expiresAt = Math.min(Date.now() + maxAgeMs, loaded.validUntil ?? Number.POSITIVE_INFINITY);
    if (expiresAt <= Date.now()) return;
    const value = loaded.kept ?? loaded.value;
    const weight = weigh(value);
    if (weight > maxWeight) return;
    remove(key);
    while (entries.size >= maxEntries || totalWeight + weight > maxWeight) removeOldest();
    entries.set(key, { value, expiresAt, weight });
    totalWeight += weight;
  };

  const get = async (key: Key, load: () => Promise<Loaded<Value>>): Promise<Value> => {
    const cached = peek(key);
    if (cached !== undefined) return cached;
    if (!bus.trusted) return (await load()).value;
    const running = loads.get(key);
    if (running) return running.promise;
    const entry: Load<Key, Value> = { key, stale: false, promise: Promise.resolve(undefined as Value) };
    entry.promise = load().then(
      (loaded) => {
        if (loads.get(key) === entry) loads.delete(key);
        if (!entry.stale && bus.trusted) keep(key, loaded);
        return loaded.value;
      },
      (error: unknown) => {
        if (loads.get(key) === entry) loads.delete(key);
        throw error;
      },
    );
    loads.set(key, entry);
    return entry.promise;
  };

  return {
    peek,
    get,
    clear,
    get size() {
      return entries.size;
    },
  };
};
