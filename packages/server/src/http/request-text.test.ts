import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection } from '../testing/factories';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../testing';
import { snapshotWritableRows } from '../testing/bad-input-kit';

// Every write route of the live table, as an admin (who passes every permission), with texts the database
// cannot hold in the body and the query: each is refused with 400 and one wording before any
// route runs, and nothing is written. Then the shapes no route takes: a body that is no JSON object, a JSON
// body over the limit, a boolean where a number belongs.

let test: TestApp;
let admin: SignedInUser;
let collectionUid: string;
let caseUid: string;
let caseId: number;

beforeAll(async () => {
  test = await createTestApp();
  admin = await signInAs(test, { admin: true });
  const collection = await createCollection(test.db);
  collectionUid = collection.uid;
  caseUid = collection.cases[0]?.uid ?? '';
  caseId = collection.cases[0]?.case_id ?? 0;
});
afterAll(() => test.close());

const unstorable = 'Contains characters that cannot be stored';
const badTexts = ['\ud800', 'tail \udfff', 'a\u0000b', 'bell\u0007', 'esc\u001b[31m'];

const fill = (url: string): string =>
  url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    if (/collection|^uid$/i.test(name)) return collectionUid;
    if (/uid|key/i.test(name)) return caseUid;
    if (name === 'case_id') return String(caseId);
    return name === 'country' ? 'AU' : '1';
  });

const writeRoutes = () =>
  test.app.routeAccessTable.filter(
    (r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.url.startsWith('/api/'),
  );

describe('texts the database cannot store', () => {
  it('are refused by every write route, in a body field, with one wording and nothing written', async () => {
    const before = await snapshotWritableRows(test.db);
    const answers: string[] = [];
    for (const route of writeRoutes()) {
      for (const text of badTexts) {
        const response = await test.app.inject({
          method: route.method as 'POST',
          url: fill(route.url),
          headers: admin.headers,
          payload: { note: text, name: text, items: [{ reason: text }] },
        });
        answers.push(`${response.statusCode} ${route.method} ${route.url} ${JSON.stringify(text)}`);
        if (response.statusCode === 400) expect(errorMessage(response)).toBe(unstorable);
      }
    }
    // Routes that refuse the caller's key or method first may answer 401/403/404; none stores or fails.
    expect(answers.filter((a) => !/^(400|401|403|404) /.test(a))).toEqual([]);
    expect(answers.filter((a) => a.startsWith('400 ')).length).toBeGreaterThan(writeRoutes().length * 3);
    expect(await snapshotWritableRows(test.db)).toEqual(before);
  });

  it('name the field that holds them, also deep in a list', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v2/checklist_templates/',
      headers: admin.headers,
      payload: { name: 'Ok', items: [{ label: 'fine' }, { label: 'bad \ud800' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'validation_failed', message: unstorable, fields: { 'items.1.label': unstorable } },
    });
  });

  it('are refused in the query', async () => {
    const query = await test.app.inject({
      method: 'GET',
      url: '/api/v2/work_queue/?department=DESIGN&delegate=%00x',
      headers: admin.headers,
    });
    expect(query.statusCode).toBe(400);
    expect(errorMessage(query)).toBe(unstorable);
  });

  it('leave tabs, line breaks and every printable character alone', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v2/checklist_templates/',
      headers: admin.headers,
      payload: { name: 'Tab\tand\r\nlines — ✓ 🦷 中文', job_types: [], items: [{ label: 'Scan 🦷 ok' }] },
    });
    // Whatever the route's own rules say of this body, the text itself is not what it refuses.
    expect(response.statusCode === 400 ? errorMessage(response) : '').not.toBe(unstorable);
  });
});

describe('bodies no route takes', () => {
  it('answers a JSON body that is no object with one clear message', async () => {
    for (const payload of ['[]', '"text"', '42', 'null', 'true']) {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/v2/case/${caseId}/`,
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload,
      });
      expect({ payload, status: response.statusCode, message: errorMessage(response) }).toEqual({
        payload,
        status: 400,
        message: 'The body must be a JSON object',
      });
    }
  });

  it('answers a JSON body over the limit as a request, not an upload, too large', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${caseId}/`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'add_note', note: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(errorMessage(response)).toBe('The request is too large');
  });

  it('takes no boolean for a machine', async () => {
    const response = await test.app.inject({
      method: 'PATCH',
      url: '/api/v2/machine_project/1/',
      headers: admin.headers,
      payload: { machine_id: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty(
      'machine_id',
    );
  });
});
