import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionActionAnswerSchemas, hiddenOrderFormKeys } from '@lab/domain';
import { selectRows } from '../db/client';
import { seedDemoData } from '../db/seed/demo';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../testing';

// The demo lab walked as staff: every staff GET of the live route table (and the read-only POSTs: the
// collection's lists and the searches), as an admin and as a designer, for a sample of collections, cases
// and clients. No answer may carry a secret by name or by value: password, session, token and file-link
// hashes, e-mail tracking keys, the outside systems' credentials, the ordering platform's API secret (or
// any of its own order-form keys), nor the portal or share key of a collection the request does not name.

let test: TestApp;

type Row = Record<string, unknown>;
const rowsOf = <T extends Row>(query: ReturnType<typeof sql>) => selectRows<T>(test.db, query);

/** One call of `route`; `collection` is the collection it names, whose portal and share keys it may show. */
type Call = { route: string; method: 'GET' | 'POST'; url: string; payload?: object; collection?: string };
type Answer = {
  role: string;
  route: string;
  label: string;
  collection: string | undefined;
  status: number;
  body: string;
  json: unknown;
};

// Routes walked only as other tests walk them: the event stream never ends.
const notWalked = new Set(['/api/v2/stream', '/api/v2/stream/']);
const adminOnly = new Set([
  '/api/v2/printers/',
  '/api/dev/mailbox/',
  '/api/v2/invoices/export/',
  '/api/v2/ordering_platform_keys/',
]);
// The OpenAPI document names the request fields (the sign-in's password among them), not data.
const describesFields = new Set(['/api/docs']);

type Samples = {
  collections: { uid: string; case_uid: string; case_id: number; case_mkey: string; client_id: number }[];
  communicationIds: number[];
  invoiceNumbers: number[];
  printJobIds: number[];
  attachmentUids: string[];
  stock: { branch_id: number; code: string }[];
  branch: { id: number; country: string };
  fileName: string;
};

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The calls of one route for the sampled rows; null = a route whose parameters this walk does not know. */
const callsOf = (url: string, s: Samples): Call[] | null => {
  const get = (path: string, collection?: string): Call => ({
    route: url,
    method: 'GET',
    url: path,
    collection,
  });
  const params = [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const fill = (values: Record<string, string | number>) =>
    url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => String(values[name]));
  if (params.length === 0) {
    const query: Record<string, string> = {
      '/files/': `?fileName=${encodeURIComponent(s.fileName)}`,
      '/api/v2/invoices/export/': `?format=xero&from=${isoDay(-300)}&to=${isoDay(30)}`,
      '/api/v2/machines/calendar/': `?start=${isoDay(-7)}T00:00:00Z&end=${isoDay(7)}T00:00:00Z`,
      '/api/v2/work_queue/': '?department=DESIGN',
      '/api/v2/recall/': '?article=SCR-NB-CCRP&lot=L1',
      '/api/v2/recall/csv/': '?article=SCR-NB-CCRP&lot=L1',
      '/api/v2/accounts/statement/': `?client_id=10000&from=${isoDay(-60)}&to=${isoDay(0)}`,
    };
    return [get(`${url}${query[url] ?? ''}`)];
  }
  const byCollection = (name: string) =>
    s.collections.map((c) => {
      const values: Record<string, string | number> = {
        uid: c.uid,
        case_id: c.case_id,
        case_uid: c.case_uid,
        caseUid: c.case_uid,
        case_mkey: c.case_mkey,
      };
      return get(fill({ [name]: values[name] ?? '' }), c.uid);
    });
  if (/^\/api\/v2\/(collection|event)\/:uid\//.test(url)) return byCollection('uid');
  if (url === '/api/v2/messages/attachments/:uid/') return s.attachmentUids.map((uid) => get(fill({ uid })));
  if (/\/:case_id\//.test(url)) return byCollection('case_id');
  if (/\/:case_uid\//.test(url) && !url.includes(':implant_id')) return byCollection('case_uid');
  if (/\/:caseUid\/$/.test(url)) return byCollection('caseUid');
  if (/\/:case_mkey\/$/.test(url)) return byCollection('case_mkey');
  if (url.startsWith('/api/v2/client/:id/')) return s.collections.map((c) => get(fill({ id: c.client_id })));
  if (url.startsWith('/api/v2/communications/:id')) return s.communicationIds.map((id) => get(fill({ id })));
  if (url === '/api/v2/invoices/:invoice_number/pdf/')
    return s.invoiceNumbers.map((n) => get(fill({ invoice_number: n })));
  if (url.startsWith('/api/v2/print_jobs/:id/')) return s.printJobIds.map((id) => get(fill({ id })));
  if (url === '/api/v2/components/:branch/:code/soh/')
    return s.stock.map((row) => get(fill({ branch: row.branch_id, code: row.code })));
  if (url.endsWith('/:branch/:country/'))
    return [get(fill({ branch: s.branch.id, country: s.branch.country }))];
  if (url === '/static/v2/:system.html') return [get(fill({ system: 'management' }))];
  return null;
};

/** The read-only POSTs: the collection's lists (order forms among them) and the two searches. */
const readPosts = (s: Samples, keyword: string, clientName: string): Call[] => [
  ...s.collections.flatMap((c) =>
    Object.keys(collectionActionAnswerSchemas)
      .filter((action) => action.endsWith('_list'))
      .map((action) => ({
        route: '/api/v2/collection/:uid/',
        method: 'POST' as const,
        url: `/api/v2/collection/${c.uid}/`,
        payload: { action },
        collection: c.uid,
      })),
  ),
  { route: '/api/v2/collections/', method: 'POST', url: '/api/v2/collections/', payload: { keyword } },
  {
    route: '/api/v2/client/search/',
    method: 'POST',
    url: '/api/v2/client/search/',
    payload: { keyword: clientName },
  },
];

/** Field names that are secrets wherever they appear (the schema's hash, key and secret columns). */
const secretName = /secret|password|passwd|hash|token|api_?key|tracking_key|storage_key|credential/i;
const hiddenOrderFormKey = new Set<string>(hiddenOrderFormKeys);

const leakedNames = (json: unknown, found = new Set<string>()): Set<string> => {
  if (Array.isArray(json)) for (const item of json) leakedNames(item, found);
  else if (typeof json === 'object' && json !== null) {
    for (const [key, value] of Object.entries(json)) {
      if (secretName.test(key)) found.add(key);
      if (key === 'json_data' && typeof value === 'object' && value !== null) {
        for (const inner of Object.keys(value))
          if (hiddenOrderFormKey.has(inner)) found.add(`json_data.${inner}`);
      }
      leakedNames(value, found);
    }
  }
  return found;
};

const parseJson = (response: LightMyRequestResponse): unknown => {
  if (!String(response.headers['content-type'] ?? '').includes('json')) return null;
  try {
    return JSON.parse(response.body);
  } catch {
    return null;
  }
};

let answers: Answer[] = [];
let routesWalked: string[] = [];
let routesUnknown: string[] = [];
let roles: { name: string; user: SignedInUser }[] = [];

beforeAll(async () => {
  test = await createTestApp({ seedReference: false });
  await seedDemoData(test.db, { collections: 40 });
  roles = [
    { name: 'admin', user: await signInAs(test, { department: 'ADMIN', admin: true }) },
    { name: 'designer', user: await signInAs(test, { department: 'DESIGN' }) },
  ];
  // The collections with the most to show: order forms with the platform's secret, share keys, e-mails,
  // invoices and files.
  const collections = await rowsOf<Samples['collections'][number]>(sql`
    SELECT c.uid, k.uid AS case_uid, k.case_id, k.case_mkey, cl.client_id
    FROM collections c
    JOIN clients cl ON cl.id = c.shipping_client_id
    JOIN LATERAL (SELECT uid, case_id, case_mkey FROM cases WHERE collection_uid = c.uid
                  ORDER BY (EXISTS (SELECT 1 FROM outsources o WHERE o.case_uid = cases.uid)) DESC, case_mkey
                  LIMIT 1) k ON true
    ORDER BY
      (EXISTS (SELECT 1 FROM order_forms f WHERE f.collection_uid = c.uid AND f.json_data ? 'oep_api_secret'))::int
      + (EXISTS (SELECT 1 FROM outsources o JOIN cases x ON x.uid = o.case_uid
                 WHERE x.collection_uid = c.uid AND o.outsource_key IS NOT NULL))::int
      + (EXISTS (SELECT 1 FROM communications m WHERE m.case_collection_uid = c.uid))::int
      + (EXISTS (SELECT 1 FROM invoices i WHERE i.collection_uid = c.uid))::int
      + (EXISTS (SELECT 1 FROM files f WHERE f.collection_uid = c.uid))::int DESC,
      c.collection_id
    LIMIT 4`);
  const uids = sql.join(
    collections.map((c) => sql`${c.uid}::uuid`),
    sql`, `,
  );
  const ids = <T extends Row>(query: ReturnType<typeof sql>, key: keyof T) =>
    rowsOf<T>(query).then((rows) => rows.map((r) => r[key] as number));
  const [branch] = await rowsOf<Samples['branch']>(sql`SELECT id, country FROM branches ORDER BY id LIMIT 1`);
  const [file] = await rowsOf<{ uid: string }>(sql`
    SELECT uid FROM files WHERE collection_uid IN (${uids}) AND upload_state = 'complete' AND deleted_at IS NULL
    ORDER BY id LIMIT 1`);
  const samples: Samples = {
    collections,
    communicationIds: await ids<{ id: number }>(
      sql`SELECT id FROM communications WHERE case_collection_uid IN (${uids}) ORDER BY id LIMIT 3`,
      'id',
    ),
    invoiceNumbers: await ids<{ invoice_number: number }>(
      sql`SELECT invoice_number FROM invoices WHERE collection_uid IN (${uids}) ORDER BY id LIMIT 2`,
      'invoice_number',
    ),
    attachmentUids: await rowsOf<{ uid: string }>(sql`
      SELECT a.uid FROM message_attachments a JOIN messages m ON m.uid = a.message_uid
      WHERE m.case_collection_uid IN (${uids}) ORDER BY a.uid LIMIT 2`).then((rows) =>
      rows.map((r) => r.uid),
    ),
    printJobIds: await ids<{ id: number }>(sql`SELECT id FROM print_jobs ORDER BY id LIMIT 2`, 'id'),
    stock: await rowsOf<Samples['stock'][number]>(sql`
      SELECT s.branch_id, c.code FROM component_stock s JOIN components c ON c.id = s.component_id
      ORDER BY s.branch_id, c.code LIMIT 2`),
    branch: branch ?? { id: 1, country: 'AU' },
    fileName: file?.uid ?? 'none.stl',
  };
  const [named] = await rowsOf<{ patient_reference: string; name: string }>(sql`
    SELECT c.patient_reference, cl.name FROM collections c JOIN clients cl ON cl.id = c.shipping_client_id
    WHERE c.uid = ${collections[0]?.uid ?? null}::uuid`);

  const staffGets = test.app.routeAccessTable.filter(
    (r) => r.access === 'staff' && r.method === 'GET' && !notWalked.has(r.url),
  );
  const calls: Call[] = [];
  routesWalked = [];
  routesUnknown = [];
  for (const route of staffGets) {
    const routeCalls = callsOf(route.url, samples);
    // Unknown parameters, or no demo row to fill them: either way the route would go unwalked.
    if (routeCalls === null || routeCalls.length === 0) routesUnknown.push(route.url);
    else {
      routesWalked.push(route.url);
      calls.push(...routeCalls);
    }
  }
  calls.push(...readPosts(samples, named?.patient_reference ?? 'Smith', named?.name ?? 'Dental'));

  answers = [];
  for (const role of roles) {
    const headers = { ...role.user.headers, cookie: role.user.cookie };
    for (const call of calls) {
      const { method, url, payload } = call;
      const response = await test.app.inject({ method, url, payload, headers });
      answers.push({
        role: role.name,
        route: call.route,
        label: `${role.name} ${call.method} ${call.url}${call.payload ? ` ${JSON.stringify(call.payload)}` : ''}`,
        collection: call.collection,
        status: response.statusCode,
        body: response.body,
        json: parseJson(response),
      });
    }
  }
}, 120_000);

afterAll(async () => {
  await test.close();
});

/** Every secret value the database and configuration hold, each named by where it comes from. */
const secretValues = async (): Promise<Map<string, string>> => {
  const rows = await rowsOf<{ kind: string; value: string }>(sql`
    SELECT 'users.password_hash' AS kind, password_hash AS value FROM users WHERE password_hash IS NOT NULL
    UNION ALL SELECT 'sessions.secret_hash', secret_hash FROM sessions
    UNION ALL SELECT 'access_tokens.token_hash', token_hash FROM access_tokens
    UNION ALL SELECT 'file_links.token_hash', token_hash FROM file_links
    UNION ALL SELECT 'communications.tracking_key', tracking_key FROM communications WHERE tracking_key IS NOT NULL
    UNION ALL SELECT 'files.storage_key', storage_key FROM files
    UNION ALL SELECT 'order_forms.oep_api_secret', json_data->>'oep_api_secret' FROM order_forms
      WHERE json_data ? 'oep_api_secret'`);
  const values = new Map(rows.map((r) => [r.value, r.kind]));
  // The demo's ordering platform secret, whatever rows hold it.
  if (!values.has('not-a-secret-demo-value'))
    values.set('not-a-secret-demo-value', 'the demo platform secret');
  const { config } = test;
  values.set(config.evidentApiKey, 'config.evidentApiKey');
  values.set(config.evidentWebhookSecret, 'config.evidentWebhookSecret');
  values.set(config.nexusConnectApiKey, 'config.nexusConnectApiKey');
  if (config.s3) values.set(config.s3.secretAccessKey, 'config.s3.secretAccessKey');
  for (const role of roles) {
    values.set(role.user.token, `${role.name}'s bearer token`);
    values.set(role.user.cookie.split('=').slice(1).join('='), `${role.name}'s session cookie`);
  }
  return values;
};

/** Portal and share keys by collection: an answer may carry only those of the collection it names. */
const capabilityKeys = async (): Promise<{ value: string; kind: string; collection: string }[]> =>
  rowsOf<{ value: string; kind: string; collection: string }>(sql`
    SELECT portal_key AS value, 'portal_key' AS kind, uid::text AS collection FROM collections
    UNION ALL
    SELECT o.outsource_key, 'outsource_key', k.collection_uid::text
    FROM outsources o JOIN cases k ON k.uid = o.case_uid WHERE o.outsource_key IS NOT NULL`);

// The page shells are the built web app's HTML: where the suite runs before the build (as CI does), they
// answer 503 with the build hint and carry no data at all.
// Page shells (under /static/v2/ and the desk pages such as /clients/checkin) answer 503 where the
// web app was not built, as in the server-only test run.
const pageShellNotBuilt = (a: Answer) =>
  a.status === 503 && a.body.startsWith('The web app is not built yet');

describe('staff answers on the demo lab', () => {
  it('walks every staff GET route of the live route table, and the read-only POSTs', () => {
    // The demo prints nothing, so its print jobs are walked by the printing tests alone.
    expect(routesUnknown).toEqual(['/api/v2/print_jobs/:id/', '/api/v2/print_jobs/:id/pdf/']);
    expect(routesWalked.length).toBeGreaterThan(40);
    expect(answers.some((a) => a.label.includes('order_form_list'))).toBe(true);
    // A walk that only collects 404s proves nothing: every call answers, but the admin's own routes,
    // which refuse the designer.
    const failing = answers
      .filter((a) => a.status >= 400)
      .filter((a) => !(a.status === 403 && a.role === 'designer' && adminOnly.has(a.route)))
      .filter((a) => !pageShellNotBuilt(a))
      .map((a) => `${a.status} ${a.label}`);
    expect(failing).toEqual([]);
  });

  it('carries no secret field, secret value, nor another collection’s portal or share key', async () => {
    const values = [...(await secretValues())].filter(([value]) => value.length >= 8);
    const keys = await capabilityKeys();
    let checked = 0;
    // The collection's own keys do show (Approval tab's portal link, the outsource card's share link):
    // proof that the value search finds real keys.
    const ownKinds = new Set<string>();
    for (const answer of answers) {
      for (const key of keys)
        if (key.collection === answer.collection && answer.body.includes(key.value)) ownKinds.add(key.kind);
      const names = describesFields.has(answer.route) ? [] : [...leakedNames(answer.json)];
      const leakedValues = values.filter(([value]) => answer.body.includes(value)).map(([, kind]) => kind);
      const leakedKeys = keys
        .filter((key) => key.collection !== answer.collection && answer.body.includes(key.value))
        .map((key) => `${key.kind} of ${key.collection}`);
      checked += 1;
      // One assertion per answer naming every leak found (one per key and value took seconds).
      expect.soft({ answer: answer.label, names, values: leakedValues, keys: leakedKeys }).toEqual({
        answer: answer.label,
        names: [],
        values: [],
        keys: [],
      });
    }
    expect(checked).toBe(answers.length);
    expect([...ownKinds].toSorted()).toEqual(['outsource_key', 'portal_key']);
    expect(values.some(([, kind]) => kind === 'order_forms.oep_api_secret')).toBe(true);
  });
});
