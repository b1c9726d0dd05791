import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyMessages } from '@lab/domain';
import { inTransaction, selectRows } from '../db/client';
import { endCommitMark, runWithCommitMark } from '../db/commit-marks';
import { messages } from '../db/schema/index';
import { dropExpiredIdempotencyKeys } from '../jobs/idempotency-expiry';
import { multipartFields } from '../modules/messages/messages-test-kit';
import { createPortalCalls } from '../modules/portal/portal-test-kit';
import {
  buildAppOn,
  createTestApp,
  errorMessage,
  signInAs,
  type SignedInUser,
  type TestApp,
} from '../testing';
import { createCollection, type CreatedCollection } from '../testing/factories';

// Every write accepts an Idempotency-Key (http/idempotency.ts): the same key and body answer the first
// answer without writing again, from this process, another one, or after a restart; another body is
// 422; a first request still running is 409; one that died before committing runs again; one that
// committed without keeping its answer says so instead of writing twice.

let test: TestApp;
let designer: SignedInUser;
let polisher: SignedInUser;
let collection: CreatedCollection;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  polisher = await signInAs(test, { department: 'POLISHING' });
  collection = await createCollection(test.db, { cases: [{}] });
});

afterAll(async () => {
  await test.close();
});

const postNote = (
  note: string,
  key: string | null,
  options: { user?: SignedInUser; app?: FastifyInstance } = {},
): Promise<LightMyRequestResponse> => {
  const body = multipartFields({
    case_collection_uid: collection.uid,
    case_uid: collection.cases[0]?.uid ?? '',
    message_type: 'CASE_NOTE',
    note,
  });
  return (options.app ?? test.app).inject({
    method: 'POST',
    url: '/api/v2/messages/',
    headers: {
      ...(options.user ?? designer).headers,
      ...body.headers,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: body.payload,
  });
};

/**
 * The test database, with `execute` passed through `around`: a step added to, or taken out of, a given
 * statement (found by its SQL text), as a dying or overtaken process would see it.
 */
const withExecute = (
  around: (sqlText: string, run: () => Promise<unknown>) => Promise<unknown>,
): typeof test.db =>
  new Proxy(test.db, {
    get(target, member, receiver) {
      const value: unknown = Reflect.get(target, member, receiver);
      if (member !== 'execute' || typeof value !== 'function') return value;
      return (query: { queryChunks?: unknown }) =>
        around(JSON.stringify(query.queryChunks ?? ''), () =>
          (value as (q: unknown) => Promise<unknown>).call(target, query),
        );
    },
  });

const notesSaying = async (note: string): Promise<number> =>
  (await test.db.select({ uid: messages.uid }).from(messages).where(eq(messages.note, note))).length;

const keptState = async (key: string): Promise<string | undefined> => {
  const [row] = await selectRows<{ state: string }>(
    test.db,
    sql`SELECT state FROM idempotent_requests WHERE key = ${key}`,
  );
  return row?.state;
};

describe('a write sent again with its Idempotency-Key', () => {
  it('answers the first answer, marked as kept, and writes once', async () => {
    const key = randomUUID();
    const first = await postNote('Check the margin on 11', key);
    const again = await postNote('Check the margin on 11', key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await notesSaying('Check the margin on 11')).toBe(1);
    expect(await keptState(key)).toBe('answered');
  });

  it('answers from another process and after a restart: the keys are in the database', async () => {
    const key = randomUUID();
    const first = await postNote('Shade A2 confirmed', key);
    const otherProcess = await buildAppOn(test);
    const fromThere = await postNote('Shade A2 confirmed', key, { app: otherProcess });
    await otherProcess.close();
    const restarted = await buildAppOn(test);
    const afterRestart = await postNote('Shade A2 confirmed', key, { app: restarted });
    await restarted.close();
    expect(fromThere.json()).toEqual(first.json());
    expect(afterRestart.json()).toEqual(first.json());
    expect(await notesSaying('Shade A2 confirmed')).toBe(1);
  });

  it('keeps a refusal as the answer too: the retry hears the same 400', async () => {
    const key = randomUUID();
    const first = await postNote('', key);
    const again = await postNote('', key);
    expect(first.statusCode).toBe(400);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(first.json());
  });

  it('refuses the key with another body (422) and writes nothing', async () => {
    const key = randomUUID();
    await postNote('First words', key);
    const other = await postNote('Other words', key);
    expect(other.statusCode).toBe(422);
    expect(errorMessage(other)).toBe(idempotencyMessages.keyReused);
    expect(await notesSaying('Other words')).toBe(0);
  });

  it('keeps keys per caller: another employee with the same key writes their own', async () => {
    const key = randomUUID();
    await postNote('Same key, two people', key);
    const theirs = await postNote('Same key, two people', key, { user: polisher });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await notesSaying('Same key, two people')).toBe(2);
  });

  it('leaves writes without a key alone: each one writes', async () => {
    await postNote('No key given', null);
    await postNote('No key given', null);
    expect(await notesSaying('No key given')).toBe(2);
  });

  it('refuses a malformed key with 400 before reading the body', async () => {
    for (const key of ['', 'has space', 'x'.repeat(256), 'tab\there']) {
      const response = await postNote('Malformed key', key);
      expect(response.statusCode, key).toBe(400);
      expect(errorMessage(response)).toBe(idempotencyMessages.badKey);
    }
    expect(await notesSaying('Malformed key')).toBe(0);
  });
});

describe('a retry while the first request is unsettled', () => {
  const keepRow = async (key: string, state: string, leaseSeconds: number, fingerprintOf: string) => {
    await test.db.execute(
      sql`INSERT INTO idempotent_requests (owner, key, fingerprint, state, claim_token, lease_until)
          SELECT owner, ${key}, fingerprint, ${state}, 'an earlier request', now() + ${`${leaseSeconds} seconds`}::interval
          FROM idempotent_requests WHERE key = ${fingerprintOf}`,
    );
  };

  it('answers 409 while the first still runs, and writes nothing', async () => {
    // The fingerprint of this very request, taken from an earlier one with the same body.
    const model = randomUUID();
    await postNote('Still running', model);
    const key = randomUUID();
    await keepRow(key, 'running', 60, model);
    const retry = await postNote('Still running', key);
    expect(retry.statusCode).toBe(409);
    expect(errorMessage(retry)).toBe(idempotencyMessages.inProgress);
    expect(await notesSaying('Still running')).toBe(1);
  });

  it('runs it again when the first died before committing (its lease ran out)', async () => {
    const model = randomUUID();
    await postNote('Died before commit', model);
    const key = randomUUID();
    await keepRow(key, 'running', -1, model);
    const retry = await postNote('Died before commit', key);
    expect(retry.statusCode).toBe(200);
    expect(await notesSaying('Died before commit')).toBe(2);
    expect(await keptState(key)).toBe('answered');
  });

  it('says it was carried out when the first committed but its answer was lost', async () => {
    const model = randomUUID();
    await postNote('Committed, answer lost', model);
    const key = randomUUID();
    await keepRow(key, 'committed', -1, model);
    const retry = await postNote('Committed, answer lost', key);
    expect(retry.statusCode).toBe(409);
    expect(errorMessage(retry)).toBe(idempotencyMessages.answerLost);
    expect(await notesSaying('Committed, answer lost')).toBe(1);
  });

  it('marks the claim committed inside the write: a process that dies before keeping the answer', async () => {
    // A database on which keeping the answer fails, as when the process dies right after the commit.
    const answerLostDb = withExecute((sqlText, run) =>
      sqlText.includes("state = 'answered'") ? Promise.reject(new Error('the process died')) : run(),
    );
    const dying = await buildAppOn(test, undefined, { db: answerLostDb });
    const key = randomUUID();
    const first = await postNote('Written, then the process died', key, { app: dying });
    await dying.close();
    expect(first.statusCode).toBe(200);
    expect(await keptState(key)).toBe('committed');
    // Within its lease its answer might still come: ask again; after it, the answer is lost.
    const soon = await postNote('Written, then the process died', key);
    expect(errorMessage(soon)).toBe(idempotencyMessages.inProgress);
    await test.db.execute(
      sql`UPDATE idempotent_requests SET lease_until = now() - interval '1 second' WHERE key = ${key}`,
    );
    const retry = await postNote('Written, then the process died', key);
    expect(retry.statusCode).toBe(409);
    expect(errorMessage(retry)).toBe(idempotencyMessages.answerLost);
    expect(await notesSaying('Written, then the process died')).toBe(1);
  });

  it('tells a retry to ask again while the first, committed, is still answering', async () => {
    const model = randomUUID();
    await postNote('Committed, answer on its way', model);
    const key = randomUUID();
    await keepRow(key, 'committed', 60, model);
    const retry = await postNote('Committed, answer on its way', key);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ error: { code: 'in_progress' } });
    expect(await notesSaying('Committed, answer on its way')).toBe(1);
  });

  it('rolls back a first request that outlived its lease once a retry has taken the key over', async () => {
    // Right after this request claims its key, a retry takes it over (its lease ran out meanwhile).
    const takenOverDb = withExecute(async (sqlText, run) => {
      const answer = await run();
      if (sqlText.includes('INSERT INTO idempotent_requests')) {
        await test.db.execute(
          sql`UPDATE idempotent_requests SET claim_token = 'the retry' WHERE key = ${key}`,
        );
      }
      return answer;
    });
    const key = randomUUID();
    const late = await buildAppOn(test, undefined, { db: takenOverDb });
    const response = await postNote('Outlived its lease', key, { app: late });
    await late.close();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'in_progress' } });
    expect(await notesSaying('Outlived its lease')).toBe(0);
  });

  it('writes once when two requests race with one key', async () => {
    const key = randomUUID();
    const answers = await Promise.all([postNote('Racing twins', key), postNote('Racing twins', key)]);
    expect(await notesSaying('Racing twins')).toBe(1);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
  });

  it('takes a key again once it is past its 24 hours, and the hourly pass drops it', async () => {
    const key = randomUUID();
    await postNote('A day later', key);
    await test.db.execute(
      sql`UPDATE idempotent_requests SET created_at = now() - interval '25 hours' WHERE key = ${key}`,
    );
    const dayLater = await postNote('A day later', key);
    expect(dayLater.headers['idempotent-replayed']).toBeUndefined();
    expect(await notesSaying('A day later')).toBe(2);
    await dropExpiredIdempotencyKeys(test.db, new Date(Date.now() + 25 * 3_600_000));
    expect(await keptState(key)).toBeUndefined();
  });
});

describe('the committed mark', () => {
  it('commits with the write and rolls back with it', async () => {
    const owner = 'staff:mark-test';
    await test.db.execute(
      sql`INSERT INTO idempotent_requests (owner, key, fingerprint, state, claim_token, lease_until)
          VALUES (${owner}, 'rolled-back', 'f', 'running', 't', now()), (${owner}, 'committed', 'f', 'running', 't', now())`,
    );
    const mark = (key: string) => async (tx: Parameters<Parameters<typeof inTransaction>[1]>[0]) => {
      await tx.execute(
        sql`UPDATE idempotent_requests SET state = 'committed' WHERE owner = ${owner} AND key = ${key}`,
      );
    };
    const failing = runWithCommitMark(mark('rolled-back'), () =>
      inTransaction(test.db, async () => {
        throw new Error('the write fails');
      }),
    );
    await expect(failing).rejects.toThrow('the write fails');
    endCommitMark();
    await runWithCommitMark(mark('committed'), () => inTransaction(test.db, async () => undefined));
    endCommitMark();
    const rows = await selectRows<{ key: string; state: string }>(
      test.db,
      sql`SELECT key, state FROM idempotent_requests WHERE owner = ${owner} ORDER BY key`,
    );
    expect(rows).toEqual([
      { key: 'committed', state: 'committed' },
      { key: 'rolled-back', state: 'running' },
    ]);
  });
});

describe('portal writes', () => {
  it('replays a client message sent twice with one key', async () => {
    const portal = createPortalCalls(test, collection.portal_key);
    const key = randomUUID();
    const send = async () => {
      const body = multipartFields({ note: 'From the client, once' });
      return test.app.inject({
        method: 'POST',
        url: `/api/v2/customer/${collection.portal_key}/message/`,
        headers: { ...body.headers, 'idempotency-key': key },
        payload: body.payload,
      });
    };
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await notesSaying('From the client, once')).toBe(1);
    expect((await portal.load()).statusCode).toBe(200);
  });
});
