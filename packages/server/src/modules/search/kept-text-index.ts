import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { selectRows, type Db } from '../../db/client';
import type { RealtimeEvent } from '../../realtime/events';
import type { RealtimeBus } from '../../realtime/realtime-bus';
import { createTextIndex, type TieOrder, type TextIndex } from './text-index';

// A text index (text-index.ts) of one table's column, built from the database and kept true the way the
// caches are (cache/event-cache.ts): the events every write publishes (this process's at commit, the
// others' through the channel) name rows to read again before the next search; rows past the highest id
// read are named to the search as "newer than" (the statement reads those itself, so a writer that
// publishes no event is seen at once); a reset rebuilds it; it is not used while the channel is lost, nor
// until it is built (search then asks the database alone). The search statement checks and scores every
// row it names again, so an entry gone stale can never show a row that does not match.

export type TextRow = { id: number; text: string };

export type TextSource = {
  /** For the log: 'patient references'. */
  name: string;
  ties: TieOrder;
  /** At most `limit` rows (`id`, `text`) with an id past `after`, in id order. */
  readAfter: (after: number, limit: number) => SQL;
  /** The rows an event names again (their keys), with every row past `after`. */
  readChanged?: (keys: string[], after: number) => SQL;
  /** The key of the row an event says changed, if any. */
  changedBy?: (event: RealtimeEvent) => string | null;
  /** A source no event keeps true is built again after this long (the old index answers meanwhile). */
  rebuildAfterMs?: number;
};

/** The rows that may be among the best for a keyword: `ids`, and every row past `newerThan`. */
export type IndexCandidates = { ids: number[]; newerThan: number };

export type KeptTextIndex = {
  /** The candidates for the `limit` best texts, or null when the index cannot answer. */
  candidates: (keyword: string, limit: number) => Promise<IndexCandidates | null>;
  readonly ready: boolean;
  /** Resolves once the build running (if any) has finished. */
  built: () => Promise<void>;
};

/** Rows read per statement while building. */
const buildChunk = 20_000;
/**
 * Rows placed between two turns of the event loop while building: 20,000 at once held it 65–150 ms, a
 * stall every request shared while a process answers during its build (a start slower than 8 s, a reset,
 * the channel back, the client names' rebuild); 1,000 take about 5 ms.
 */
const placedPerTurn = 1_000;
/** Rows named by events are read again at the next search, or sooner once this many wait. */
const maxPendingKeys = 1_000;

export const createKeptTextIndex = (
  db: Db,
  bus: RealtimeBus,
  log: FastifyBaseLogger,
  source: TextSource,
): KeptTextIndex => {
  let current: { index: TextIndex; builtAt: number } | null = null;
  let builds = 0; // only the latest build is put in place
  let drops = 0; // a reset or a lost channel drops the index: reads and answers begun before are moot
  let building: Promise<void> | null = null;
  let pendingKeys = new Set<string>();
  let keysDuringBuild: Set<string> | null = null; // what the index being built must read again
  let readTail: Promise<void> = Promise.resolve();
  let readWaiting: Promise<void> | null = null; // a read not started yet: later callers share it

  const place = (index: TextIndex, rows: TextRow[]): void => {
    for (const row of rows) index.place(Number(row.id), row.text);
  };

  /** Builds a new index and puts it in place; the current one answers meanwhile unless `drop`. */
  const build = (drop: boolean): Promise<void> => {
    builds += 1;
    const started = builds;
    if (drop) {
      drops += 1;
      current = null;
      pendingKeys = new Set(); // the build reads every row, these included
    }
    keysDuringBuild = new Set();
    const run = async (): Promise<void> => {
      const startedAt = Date.now();
      const index = createTextIndex(source.ties);
      for (let after = 0; ;) {
        const rows = await selectRows<TextRow>(db, source.readAfter(after, buildChunk));
        for (let start = 0; start < rows.length; start += placedPerTurn) {
          if (start > 0) await nextTurn();
          if (builds !== started) return;
          place(index, rows.slice(start, start + placedPerTurn));
        }
        if (rows.length < buildChunk) break;
        after = Number(rows.at(-1)?.id);
      }
      if (!bus.trusted || builds !== started) return;
      pendingKeys = new Set([...pendingKeys, ...(keysDuringBuild ?? [])]);
      keysDuringBuild = null;
      current = { index, builtAt: Date.now() };
      log.info({ rows: index.size, ms: Date.now() - startedAt }, `search index of ${source.name} built`);
    };
    building = run().catch((error: unknown) => {
      if (builds !== started) return;
      keysDuringBuild = null;
      log.warn({ err: error }, `search index of ${source.name} not built: search asks the database`);
    });
    return building;
  };

  const startOver = (): void => {
    if (bus.trusted) void build(true);
    else {
      builds += 1;
      drops += 1;
      current = null;
      keysDuringBuild = null;
      pendingKeys = new Set(); // the next build reads every row
    }
  };

  /** Reads again the rows events named, and every row past the highest id read, in one statement. */
  const readChanges = async (): Promise<void> => {
    const kept = current;
    if (!kept || !source.readChanged) return;
    const keys = [...pendingKeys];
    pendingKeys = new Set();
    let rows: TextRow[];
    try {
      rows = await selectRows<TextRow>(db, source.readChanged(keys, kept.index.highestId));
    } catch (error) {
      for (const key of keys) pendingKeys.add(key); // read them at the next search
      throw error;
    }
    if (current === kept) place(kept.index, rows);
  };

  /**
   * Resolves once a read started after this call has been applied. Reads run one at a time, in order, so
   * an older read never overwrites a newer text; callers that come while one waits to start share it.
   */
  const readChanged = (): Promise<void> => {
    if (readWaiting) return readWaiting;
    const next = readTail.then(() => {
      readWaiting = null;
      return readChanges();
    });
    readWaiting = next;
    readTail = next.catch(() => undefined);
    return next;
  };

  bus.subscribe({
    onStale: (event) => {
      if (event.type === 'reset') return startOver();
      const key = source.changedBy?.(event);
      if (!key) return;
      pendingKeys.add(key);
      keysDuringBuild?.add(key);
      if (pendingKeys.size >= maxPendingKeys && current) readChanged().catch(() => undefined);
    },
    onTrust: startOver,
  });

  return {
    get ready() {
      return current !== null && bus.trusted;
    },
    built: async () => {
      await building;
    },
    candidates: async (keyword, limit) => {
      const started = drops;
      if (!current || !bus.trusted) return null;
      if (source.rebuildAfterMs && !keysDuringBuild && Date.now() - current.builtAt > source.rebuildAfterMs)
        void build(false);
      try {
        if (pendingKeys.size > 0 || readWaiting) await readChanged();
      } catch {
        return null; // the database will say what is wrong when the search asks it
      }
      const kept = current;
      if (!kept || drops !== started) return null;
      const ids = kept.index.best(keyword, limit);
      return ids && { ids, newerThan: kept.index.highestId };
    },
  };
};
