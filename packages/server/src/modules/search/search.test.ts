import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createClient, createCollection } from '../../testing/factories';

let test: TestApp;
let staff: SignedInUser;
let smileCollectionId: number;
let archivedUid: string;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
  const smile = await createClient(test.db, { name: 'Bright Smile Dental', country: 'AU' });
  const kiwi = await createClient(test.db, { name: 'Harbour Dental Lab', country: 'NZ' });
  const active = await createCollection(test.db, {
    client: smile,
    patientReference: 'Okonkwo, Adaeze',
    cases: [{ statusName: 'Design In Progress' }, { statusName: 'Dispatched' }],
  });
  smileCollectionId = active.collection_id;
  const archived = await createCollection(test.db, {
    client: kiwi,
    patientReference: 'Okafor, Chidi',
    cases: [{ statusName: 'Dispatched' }, { statusName: 'Cancelled' }],
  });
  archivedUid = archived.uid;
  await createCollection(test.db, {
    client: kiwi,
    patientReference: 'Brown_100%',
    cases: [{ statusName: 'Polishing' }],
  });
});
afterAll(() => test.close());

const search = (keyword: unknown, headers: Record<string, string> = staff.headers) =>
  test.app.inject({ method: 'POST', url: '/api/v2/collections/', headers, payload: { keyword } });

describe('POST /api/v2/collections/ (search)', () => {
  it('answers 401 without a token', async () => {
    const response = await search('Okonkwo', {});
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('answers 400 under 2 characters, and for a missing keyword', async () => {
    for (const keyword of ['O', ' O ', '', undefined, 42]) {
      const response = await search(keyword);
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Keyword must be at least 2 characters');
    }
  });

  it('finds a patient reference with the search-result fields', async () => {
    const response = await search('okonkwo');
    expect(response.statusCode).toBe(200);
    const [row, ...rest] = response.json<Record<string, unknown>[]>();
    expect(rest).toEqual([]);
    expect(row).toEqual({
      uid: expect.any(String),
      collection_id: smileCollectionId,
      country: 'AU',
      client_name: 'Bright Smile Dental',
      patient_reference: 'Okonkwo, Adaeze',
      first_case_start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_case_start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      active: true,
      case_count: 2,
    });
  });

  it('finds every partial match and marks archived collections', async () => {
    const rows = (await search('Ok')).json<{ patient_reference: string; active: boolean; uid: string }[]>();
    expect(rows.map((r) => r.patient_reference).sort()).toEqual(['Okafor, Chidi', 'Okonkwo, Adaeze']);
    expect(rows.find((r) => r.uid === archivedUid)?.active).toBe(false);
  });

  it('ranks the closer patient reference first', async () => {
    const rows = (await search('Okafor, Chi')).json<{ patient_reference: string }[]>();
    expect(rows[0]?.patient_reference).toBe('Okafor, Chidi');
  });

  it('finds by collection id and by case key', async () => {
    const byId = (await search(String(smileCollectionId))).json<{ collection_id: number }[]>();
    expect(byId[0]?.collection_id).toBe(smileCollectionId);
    const byCaseKey = (await search(`${smileCollectionId}-02`)).json<{ collection_id: number }[]>();
    expect(byCaseKey.map((r) => r.collection_id)).toEqual([smileCollectionId]);
  });

  it('finds by client name', async () => {
    const rows = (await search('harbour dental')).json<{ client_name: string }[]>();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.client_name))).toEqual(new Set(['Harbour Dental Lab']));
  });

  it('treats % and _ as plain characters', async () => {
    expect((await search('n_100%')).json()).toHaveLength(1);
    expect((await search('%%')).json()).toEqual([]);
  });

  it('answers an empty list when nothing matches', async () => {
    const response = await search('zzzz-no-such-patient');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('POST /api/v2/collections/ (search), ranking many matching clients', () => {
  // More names match than the search ranks first (50, shortest first): the closest ten must still be
  // the ten most similar, ties by the oldest client, whether or not the shortest names settle it.
  const addClients = async (names: string[]) => {
    for (const name of names) {
      const client = await createClient(test.db, { name });
      await createCollection(test.db, {
        client,
        patientReference: 'Ngata, Aroha',
        cases: [{ statusName: 'Dispatched' }],
      });
    }
  };
  const clientNames = async (keyword: string) =>
    (await search(keyword)).json<{ client_name: string }[]>().map((r) => r.client_name);
  const numbered = (stem: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${stem} ${String(i + 1).padStart(2, '0')}`);

  it('answers the ten closest names when the shortest fifty settle it', async () => {
    await addClients(['Quokka Lab', 'Quokka Care', ...numbered('Quokka Dental Group', 40)]);
    await addClients(numbered('Quokka Dental Group and Implant Centre', 15));
    const names = await clientNames('quokka');
    expect(new Set(names)).toEqual(
      new Set(['Quokka Lab', 'Quokka Care', ...numbered('Quokka Dental Group', 8)]),
    );
  });

  it('answers the oldest of equally close names when they tie past the fiftieth', async () => {
    await addClients(numbered('Wombat Dental Group', 55));
    expect(new Set(await clientNames('wombat'))).toEqual(new Set(numbered('Wombat Dental Group', 10)));
  });
});

describe('GET /api/v2/collections/active/', () => {
  it('lists collections with an active case only', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/v2/collections/active/',
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(200);
    const rows = response.json<{ patient_reference: string; active: boolean; country: string }[]>();
    expect(rows.map((r) => r.patient_reference).sort()).toEqual(['Brown_100%', 'Okonkwo, Adaeze']);
    expect(rows.every((r) => r.active)).toBe(true);
    expect(rows.map((r) => r.country).sort()).toEqual(['AU', 'NZ']);
  });
});

describe('POST /api/v2/client/search/', () => {
  const searchClients = (keyword: unknown, headers: Record<string, string> = staff.headers) =>
    test.app.inject({ method: 'POST', url: '/api/v2/client/search/', headers, payload: { keyword } });

  it('answers 401 without a token and 400 for a short keyword', async () => {
    expect((await searchClients('Harbour', {})).statusCode).toBe(401);
    const short = await searchClients('H');
    expect(short.statusCode).toBe(400);
    expect(errorMessage(short)).toBe('Keyword must be at least 2 characters');
  });

  it('finds a client by name with patient and case counts', async () => {
    const response = await searchClients('harbour');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: expect.any(Number),
        uid: expect.any(String),
        name: 'Harbour Dental Lab',
        country: 'NZ',
        patient_count: 2,
        case_count: 3,
      },
    ]);
  });

  it('finds clients by Client ID and by country', async () => {
    const [harbour] = (await searchClients('harbour')).json<{ id: number }[]>();
    const byId = (await searchClients(String(harbour?.id))).json<{ name: string }[]>();
    expect(byId[0]?.name).toBe('Harbour Dental Lab');
    const byCountry = (await searchClients('nz')).json<{ country: string }[]>();
    expect(byCountry.length).toBeGreaterThan(0);
    expect(byCountry.every((c) => c.country === 'NZ')).toBe(true);
  });
});
