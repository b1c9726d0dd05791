import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { RealtimeBus } from '../../realtime/realtime-bus';
import { createKeptTextIndex, type KeptTextIndex, type TextSource } from './kept-text-index';

// The collection search's two word sources held in memory (ARCHITECTURE.md, "Search at scale"): a common
// surname matches thousands of the million patient references and a generic word half the client names,
// and the database must fetch, recheck and score every match to rank them; the indexes name the few that
// can rank, and the search statement reads, checks and scores only those.

/** Patient references, newest collection first among equals; every collection event reads its row again. */
const patientReferences: TextSource = {
  name: 'patient references',
  ties: 'newest',
  readAfter: (after, limit) => sql`
    SELECT collection_id AS id, patient_reference AS text FROM collections
    WHERE collection_id > ${after} ORDER BY collection_id LIMIT ${limit}`,
  readChanged: (uids, after) => sql`
    SELECT collection_id AS id, patient_reference AS text FROM collections
    WHERE collection_id > ${after} OR uid = ANY(${`{${uids.join(',')}}`}::uuid[])`,
  changedBy: (event) => (event.type === 'collection' ? event.uid : null),
};

/**
 * Client names, lowest id first among equals. Only seeds and imports write clients (each ends with a reset),
 * so no event names one; the index is built again every ten minutes for a writer that publishes nothing.
 */
const clientNames: TextSource = {
  name: 'client names',
  ties: 'oldest',
  readAfter: (after, limit) => sql`
    SELECT id, name AS text FROM clients WHERE id > ${after} ORDER BY id LIMIT ${limit}`,
  rebuildAfterMs: 10 * 60_000,
};

export type SearchIndexes = { patientReferences: KeptTextIndex; clientNames: KeptTextIndex };

export const createSearchIndexes = (db: Db, bus: RealtimeBus, log: FastifyBaseLogger): SearchIndexes => ({
  patientReferences: createKeptTextIndex(db, bus, log, patientReferences),
  clientNames: createKeptTextIndex(db, bus, log, clientNames),
});

// Fastify gives an onReady hook 10 s (pluginTimeout) before the server fails to start: a build slowed by a
// busy machine (a restart while jobs run) must not keep the lab from its server, so the wait ends sooner and
// the build goes on behind it (search asks the database meanwhile).
const readyWaitMs = 8_000;

/**
 * Resolves once both are built (or given up on), or after `waitAtMostMs`: the server answers only then, so
 * first searches are quick, and a slow build delays its start by that much at most.
 */
export const searchIndexesBuilt = async (
  indexes: SearchIndexes,
  waitAtMostMs = readyWaitMs,
): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  const waitEnds = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitAtMostMs);
  });
  try {
    await Promise.race([
      Promise.all([indexes.patientReferences.built(), indexes.clientNames.built()]),
      waitEnds,
    ]);
  } finally {
    clearTimeout(timer);
  }
};
