// npm run order:submit -- --sample [--platform oep] [--flaw metres|missing-scan] [--url U]
// Sends a generated order through the real POST /api/v2/orders/, signed like a platform's, then each of
// its scans through the answer's one-time links: a newcomer watches one arrive on the Check-in page.
// Without --key-id/--secret (or ORDER_KEY_ID/ORDER_KEY_SECRET) it signs in as the demo admin and makes a
// platform key through the admin route first.
import { parseArgs } from 'node:util';
import { orderAnswerSchema, orderingPlatforms, type OrderingPlatform } from '@lab/domain';
import { buildSampleOrder, sampleOrderFlaws, type SampleOrderFlaw } from './sample-order';
import { signedOrderHeaders } from './sign-order';

const usage = `Usage: npm run order:submit -- --sample [options]

Options:
  --sample             send a generated order with real STL scans (required)
  --platform P         ${orderingPlatforms.join(', ')} (default oep)
  --flaw F             ${sampleOrderFlaws.join(', ')}: what the Check-in desk should catch (default none)
  --url U              the server (default http://localhost:$PORT, PORT default 8080)
  --key-id K           the platform key's id (or ORDER_KEY_ID)
  --secret S           its secret (or ORDER_KEY_SECRET)
  --admin U            without a key: the admin who makes one (default admin, password "demo" or ADMIN_PASSWORD)
  -h, --help           this help`;

const { values } = parseArgs({
  options: {
    sample: { type: 'boolean', default: false },
    platform: { type: 'string', default: 'oep' },
    flaw: { type: 'string', default: 'none' },
    url: { type: 'string' },
    'key-id': { type: 'string' },
    secret: { type: 'string' },
    admin: { type: 'string', default: 'admin' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const fail = (message: string): never => {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
};

const base = (values.url ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/$/, '');

/** Signs in as the admin (the sign-in page's form, then the token) and makes a key for the platform. */
const makeKey = async (platform: OrderingPlatform): Promise<{ key_id: string; secret: string }> => {
  const form = new URLSearchParams({
    username: values.admin,
    password: process.env.ADMIN_PASSWORD ?? 'demo',
  });
  const signIn = await fetch(`${base}/oauth2/authorize/`, { method: 'POST', body: form, redirect: 'manual' });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`signing in as ${values.admin} failed (${signIn.status})`);
  const token = await fetch(`${base}/oauth2/token/`, { headers: { cookie } });
  const { access_token } = (await token.json()) as { access_token: string };
  const created = await fetch(`${base}/api/v2/ordering_platform_keys/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ platform, label: `${platform} (order:submit)` }),
  });
  if (created.status !== 201)
    throw new Error(`making a platform key failed: ${created.status} ${await created.text()}`);
  const key = (await created.json()) as { key_id: string; secret: string };
  console.log(
    `Made platform key ${key.key_id} for ${platform} (kept by the server; this script keeps no copy).`,
  );
  return key;
};

const main = async () => {
  if (values.help) return console.log(usage);
  if (!values.sample) fail('--sample is required (the only kind of order this script sends).');
  const platform = values.platform as OrderingPlatform;
  if (!orderingPlatforms.includes(platform))
    fail(`--platform must be one of ${orderingPlatforms.join(', ')}`);
  const flaw = values.flaw as SampleOrderFlaw;
  if (!sampleOrderFlaws.includes(flaw)) fail(`--flaw must be one of ${sampleOrderFlaws.join(', ')}`);

  const keyId = values['key-id'] ?? process.env.ORDER_KEY_ID;
  const secret = values.secret ?? process.env.ORDER_KEY_SECRET;
  const key = keyId && secret ? { key_id: keyId, secret } : await makeKey(platform);
  const sample = buildSampleOrder({ platform, seed: Date.now() % 1_000_000, flaw });
  const body = JSON.stringify(sample.order);
  const response = await fetch(`${base}/api/v2/orders/`, {
    method: 'POST',
    headers: signedOrderHeaders(key, body),
    body,
  });
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`the order was refused: ${response.status} ${await response.text()}`);
  }
  const answer = orderAnswerSchema.parse(await response.json());
  console.log(
    `Order ${sample.order.order_id} → collection ${answer.collection_id} (${answer.cases.map((c) => c.case_mkey).join(', ')})`,
  );
  for (const file of answer.files) {
    const name = file.fileName.slice(file.fileName.indexOf('/') + 1);
    const bytes = sample.files.get(name);
    if (!file.oneTimeUploadLink || !bytes) continue;
    const put = await fetch(`${base}${file.oneTimeUploadLink}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    console.log(
      `  ${name}: ${(bytes.byteLength / 1e6).toFixed(1)} MB ${put.ok ? 'sent' : `refused (${put.status} ${await put.text()})`}`,
    );
  }
  console.log(
    `Open it: ${base}/clients/checkin (Check-in) or ${base}/static/v2/collection.html?uid=${answer.collection_uid}`,
  );
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
