import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createClient, createCollection } from '../../testing/factories';

// The client search's order on a crafted set: the exact Client ID, then the name equal to the keyword,
// names starting with it, names containing it, a country-only match last; within each, the newest
// collection added first (clients without one after), then the name.

let test: TestApp;
let staff: SignedInUser;

const day = (iso: string) => new Date(`${iso}T09:00:00Z`);

/** A client whose collections were added on the given days (in the order given, not by date). */
const addClient = async (name: string, addedDays: string[] = [], country = 'AU') => {
  const client = await createClient(test.db, { name, country });
  for (const added of addedDays) {
    await createCollection(test.db, { client, added: day(added), cases: [{ statusName: 'Dispatched' }] });
  }
  return client;
};

const search = (keyword: unknown, headers: Record<string, string> = staff.headers) =>
  test.app.inject({ method: 'POST', url: '/api/v2/client/search/', headers, payload: { keyword } });

const namesFound = async (keyword: string) => {
  const response = await search(keyword);
  expect(response.statusCode).toBe(200);
  return response.json<{ name: string }[]>().map((row) => row.name);
};

let bilbyIdClientId: number;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
  // Made in an order that is none of the answers', so the test shows the ranking and not insertion.
  await addClient('The Bilby Practice', ['2026-01-05']);
  await addClient('bilby kids dental', []);
  await addClient('Bilby Dental', ['2019-04-01', '2026-03-02']);
  await addClient('Bilby Smiles', ['2026-02-10']);
  await addClient('Outback Bilby Clinic', ['2026-03-20']);
  await addClient('Bilby', ['2018-06-30']);
  await addClient('Bilby Bay Dental', ['2026-02-10']);
  const byId = await addClient('Numbat Orthodontics', ['2020-01-01']);
  bilbyIdClientId = byId.client_id;
  // Names holding the other's Client ID: an exact Client ID outranks a name that merely contains it.
  await addClient(`Clinic ${bilbyIdClientId}`, ['2026-03-25']);
  await addClient(`${bilbyIdClientId} Dental`, ['2026-03-01']);
});
afterAll(() => test.close());

describe('POST /api/v2/client/search/ ranking', () => {
  it('answers 401 without a token and 400 for a short keyword', async () => {
    const anonymous = await search('bilby', {});
    expect(anonymous.statusCode).toBe(401);
    expect(errorMessage(anonymous)).toBe('Invalid Token');
    const short = await search('b');
    expect(short.statusCode).toBe(400);
    expect(errorMessage(short)).toBe('Keyword must be at least 2 characters');
  });

  it('ranks the exact name, then names starting with the keyword, then containing it, newest activity first', async () => {
    expect(await namesFound('bilby')).toEqual([
      // The exact name, however old its last collection.
      'Bilby',
      // Starting with the keyword: the newest collection added first (the latest of each client's, not
      // the earliest), equal activity by name, a client with no collection after the rest.
      'Bilby Dental',
      'Bilby Bay Dental',
      'Bilby Smiles',
      'bilby kids dental',
      // Containing it.
      'Outback Bilby Clinic',
      'The Bilby Practice',
    ]);
  });

  it('puts the exact Client ID first, then names holding the number', async () => {
    expect(await namesFound(String(bilbyIdClientId))).toEqual([
      'Numbat Orthodontics',
      `${bilbyIdClientId} Dental`,
      `Clinic ${bilbyIdClientId}`,
    ]);
  });

  it('ranks country-only matches after name matches, by activity', async () => {
    await addClient('Kiwi Smiles', ['2025-01-01'], 'NZ');
    await addClient('Harbour Dental', ['2026-01-01'], 'NZ');
    await addClient('Nzuri Dental', ['2024-01-01'], 'AU');
    expect(await namesFound('nz')).toEqual(['Nzuri Dental', 'Harbour Dental', 'Kiwi Smiles']);
  });
});
