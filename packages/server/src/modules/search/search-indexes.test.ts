import Fastify from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { publishCollectionChanged, publishRealtimeEvents } from '../../realtime/events';
import { createRealtimeBus, type RealtimeBus } from '../../realtime/realtime-bus';
import { createTestApp, type TestApp } from '../../testing';
import { createClient, createCollection } from '../../testing/factories';
import { collectionSearchQuery, type SearchCandidates } from './search-statement';
import { createSearchIndexes, searchIndexesBuilt, type SearchIndexes } from './search-indexes';
import { sharedWithKeyword, trigramSimilarity, trigramsOf } from './trigrams';

// The search indexes (patient references, client names) must change what search costs, never what it
// answers: pg_trgm's trigrams and similarity() are reproduced exactly, the answer through the indexes is
// the database's own answer row for row (ties included), and they hear every change before the next search.

let test: TestApp;
let bus: RealtimeBus;
let indexes: SearchIndexes;
let clientIds: number[];

const surnames = ['Smith', 'Smithers', 'Goldsmith', 'Nguyen', 'Wilson', 'Taylor', 'Tay', 'Mustafa', 'Müller'];
const givenNames = ['Jane', 'John', 'Ann', 'Li', 'Zoë', 'Jo'];

/** References in the seed's styles, with many ties: 'Smith, J', 'Jane Smith', 'JS-2291', 'SMITH J', … */
const referenceNumber = (n: number): string => {
  const last = surnames[n % surnames.length] ?? '';
  const first = givenNames[Math.floor(n / surnames.length) % givenNames.length] ?? '';
  switch (n % 7) {
    case 0:
      return `${last}, ${first[0]}`;
    case 1:
      return `${last}, ${first}`;
    case 2:
      return `${first} ${last}`;
    case 3:
      return `${first[0]}${last[0]}-${1000 + (n % 97)}`;
    case 4:
      return `${last.toUpperCase()} ${first[0]}`;
    case 5:
      return `${last} ${first[0]} #${10000 + n}`;
    default:
      return n % 3 === 0 ? `İstanbul ${last}` : `${last}-${last}, ${first} (re-do)`;
  }
};

/** Client names with many equal similarities ('dental'), and one outside ASCII. */
const clientNames = Array.from({ length: 60 }, (_, n) => {
  const suffix = ['Dental', 'Dental Care', 'Family Dental', 'Smile Clinic', 'Dental Lab'][n % 5] ?? '';
  return n % 13 === 0
    ? `Zahnärzte ${surnames[n % surnames.length] ?? ''}`
    : `${surnames[n % surnames.length]} ${suffix}`;
});

const arrayLiteral = (texts: string[]): string =>
  `{${texts.map((t) => `"${t.replace(/"/g, '\\"')}"`).join(',')}}`;

const insertReferences = async (references: string[]): Promise<void> => {
  await test.db.execute(sql`
    INSERT INTO collections (patient_reference, shipping_client_id, portal_key)
    SELECT reference, (${`{${clientIds.join(',')}}`}::int[])[1 + n % ${clientIds.length}], md5(random()::text || reference)
    FROM unnest(${arrayLiteral(references)}::text[]) WITH ORDINALITY AS r(reference, n)`);
};

const candidatesOf = async (keyword: string): Promise<SearchCandidates> => ({
  references: await indexes.patientReferences.candidates(keyword, 100),
  clients: await indexes.clientNames.candidates(keyword, 10),
});

const answerUids = async (keyword: string, candidates?: SearchCandidates): Promise<string[]> =>
  (await selectRows<{ uid: string }>(test.db, collectionSearchQuery(keyword, candidates))).map((r) => r.uid);

beforeAll(async () => {
  test = await createTestApp();
  clientIds = [];
  for (const name of clientNames) clientIds.push((await createClient(test.db, { name })).id);
  await insertReferences(Array.from({ length: 1_500 }, (_, n) => referenceNumber(n)));
  bus = createRealtimeBus(test.db, Fastify({ logger: false }).log);
  indexes = createSearchIndexes(test.db, bus, Fastify({ logger: false }).log);
  await bus.start();
  await searchIndexesBuilt(indexes);
});
afterAll(async () => {
  await bus.stop();
  await test.close();
});

describe('pg_trgm in process', () => {
  const texts = [
    'Smith, J',
    'SMITH J',
    'Jane Smith',
    'JS-2291',
    'Smith J #12345',
    "O'Brien-Smith, Mary Ann",
    'aaa aaa aaaa',
    'x',
    '---',
    '  padded  words  ',
    'Smithers-Smith (re-do) 2',
  ];

  it('makes the same trigrams as show_trgm', async () => {
    for (const text of texts) {
      const [row] = await selectRows<{ n: number }>(
        test.db,
        sql`SELECT coalesce(array_length(show_trgm(${text}), 1), 0) AS n`,
      );
      expect(trigramsOf(text).length, text).toBe(Number(row?.n));
    }
  });

  it('scores the same as similarity(), to the float4', async () => {
    for (const a of texts) {
      for (const b of ['smith', 'smith, j', 'aaa', 'brien', '2291', 'x']) {
        const [row] = await selectRows<{ s: number }>(test.db, sql`SELECT similarity(${a}, ${b}) AS s`);
        // The driver reads the float4 as its shortest decimal text.
        expect(trigramSimilarity(trigramsOf(a), trigramsOf(b)), `${a} ~ ${b}`).toBe(
          Math.fround(Number(row?.s)),
        );
        // The index counts the shared trigrams in place instead of building the text's set.
        const all = trigramsOf(a).length;
        const ofKeyword = trigramsOf(b);
        const shared = sharedWithKeyword(a.toLowerCase(), ofKeyword) ?? -1;
        expect(shared, `${a} ~ ${b}`).toBe(all + ofKeyword.length - trigramsOf(`${a} ${b}`).length);
      }
    }
  });
});

describe('the search indexes', () => {
  const keywords = [
    'smith',
    'SMITH',
    'mith',
    'smithers',
    'nguyen',
    'tay',
    'taylor',
    'ller',
    'son',
    'jane smith',
    'smith, j',
    'js-',
    '#100',
    'ist',
    're-do',
    'zzz',
    'a, j',
    'dental',
    'family',
    'smile clinic',
    'care',
  ];

  it('answers row for row what the database answers alone, ties and all', async () => {
    for (const keyword of keywords) {
      const candidates = await candidatesOf(keyword);
      expect(candidates.references, keyword).not.toBeNull();
      expect(candidates.clients, keyword).not.toBeNull();
      expect(await answerUids(keyword, candidates), keyword).toEqual(await answerUids(keyword));
    }
  });

  it('names few rows for a common word: the best 100, and the references outside ASCII', async () => {
    const candidates = (await indexes.patientReferences.candidates('smith', 100))?.ids;
    expect(await countOf('%smith%')).toBeGreaterThan(400);
    const outsideAscii = await countOf(
      '%smith%',
      sql`octet_length(patient_reference) > char_length(patient_reference)`,
    );
    expect(outsideAscii).toBeGreaterThan(0);
    expect(candidates).toHaveLength(100 + outsideAscii);
    // 'ller' is only in 'Müller': the database ranks every one of them.
    expect((await indexes.patientReferences.candidates('ller', 100))?.ids).toHaveLength(
      await countOf('%ller%'),
    );
  });

  it('leaves short and non-ASCII keywords to the database', async () => {
    expect(await indexes.patientReferences.candidates('sm', 100)).toBeNull();
    expect(await indexes.clientNames.candidates('müller', 10)).toBeNull();
  });

  it('finds a collection inserted without an event, and a reference changed with one', async () => {
    const inserted = await createCollection(test.db, { patientReference: 'Quokka, Q' });
    const beforeEvent = await candidatesOf('quokka');
    expect(beforeEvent.references?.ids).toEqual([]); // not read yet: the search reads it as newer than the index
    expect(beforeEvent.references?.newerThan).toBeLessThan(inserted.collection_id);
    expect(await answerUids('quokka', beforeEvent)).toEqual([inserted.uid]);

    await test.db.execute(
      sql`UPDATE collections SET patient_reference = 'Wombat, W' WHERE uid = ${inserted.uid}`,
    );
    await publishCollectionChanged(test.db, inserted.uid);
    expect(await answerUids('wombat', await candidatesOf('wombat'))).toEqual([inserted.uid]);
    expect((await indexes.patientReferences.candidates('quokka', 100))?.ids).toEqual([]);
  });

  it('lets the server start while a build waits for a busy database, and answers once built', async () => {
    let release: () => void = () => undefined;
    let isHolding: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holds = new Promise<void>((resolve) => (isHolding = resolve));
    // A transaction holding the table keeps the build the reset starts waiting, as a busy machine would;
    // a transaction not run by inTransaction hears its events at once, and its rollback sends no NOTIFY.
    const holding = test.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE collections IN ACCESS EXCLUSIVE MODE`);
      await publishRealtimeEvents(tx, [{ type: 'reset' }]);
      isHolding();
      await held;
      tx.rollback();
    });
    try {
      await holds;
      const waited = Date.now();
      await searchIndexesBuilt(indexes, 200);
      expect(Date.now() - waited).toBeGreaterThanOrEqual(190);
      expect(indexes.patientReferences.ready).toBe(false);
      expect(await indexes.patientReferences.candidates('smith', 100)).toBeNull(); // the database answers
    } finally {
      release();
      await expect(holding).rejects.toThrow();
    }
    await searchIndexesBuilt(indexes);
    expect(indexes.patientReferences.ready).toBe(true);
    expect(await answerUids('smith', await candidatesOf('smith'))).toEqual(await answerUids('smith'));
  });

  it('rebuilds on a reset, and is not used while the channel is lost', async () => {
    await test.db.execute(
      sql`UPDATE collections SET patient_reference = 'Bilby, B' WHERE patient_reference = 'Wombat, W'`,
    );
    await publishRealtimeEvents(test.db, [{ type: 'reset' }]);
    // Heard once, at commit: the database's copy of the process's own reset starts no second build.
    await searchIndexesBuilt(indexes);
    expect((await indexes.patientReferences.candidates('bilby', 100))?.ids).toHaveLength(1);

    await bus.stop();
    expect(indexes.patientReferences.ready).toBe(false);
    expect(await indexes.patientReferences.candidates('bilby', 100)).toBeNull();
  });
});

const countOf = async (pattern: string, also: SQL = sql`true`): Promise<number> => {
  const [row] = await selectRows<{ n: number }>(
    test.db,
    sql`SELECT count(*)::int AS n FROM collections WHERE patient_reference ILIKE ${pattern} AND ${also}`,
  );
  return Number(row?.n);
};
