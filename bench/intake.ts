// Issue 29's figures: orders arriving through the signed POST /api/v2/orders/ (each a whole collection
// in one transaction), and the pre-flight reading of a 50 MB scan on its worker thread. An order is
// signed anew for every request, with its own order id (a repeated id would answer without writing).
import type { OrderingPlatform } from '@lab/domain';
import { analyseMesh } from '../packages/server/src/modules/intake/mesh/analyse-mesh';
import { generateDentalArchStl } from '../packages/server/src/modules/intake/mesh/generate-sample-scan';
import { buildSampleOrder } from '../packages/server/src/modules/intake/sample-order';
import { signedOrderHeaders } from '../packages/server/src/modules/intake/sign-order';
import { percentile } from './measure';
import type { BenchRow, BenchSection } from './report';

/** A key made through the admin route, as `npm run order:submit` makes one. */
const makeKey = async (
  base: string,
  platform: OrderingPlatform,
): Promise<{ key_id: string; secret: string }> => {
  const form = new URLSearchParams({ username: 'admin', password: 'demo' });
  const signIn = await fetch(`${base}/oauth2/authorize/`, { method: 'POST', body: form, redirect: 'manual' });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
  const token = (await (await fetch(`${base}/oauth2/token/`, { headers: { cookie } })).json()) as {
    access_token: string;
  };
  const created = await fetch(`${base}/api/v2/ordering_platform_keys/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ platform, label: 'bench' }),
  });
  if (created.status !== 201) throw new Error(`no platform key: ${created.status}`);
  return (await created.json()) as { key_id: string; secret: string };
};

const orderTargetRps = 20;
const preflightTargetMs = 2000;

/** Orders sent by `connections` loops for `seconds`: req/s and p99, every answer a new collection (201). */
const measureOrders = async (base: string, seconds: number, connections: number) => {
  const key = await makeKey(base, 'oep');
  // The order's body without its files' bytes: what a platform posts before uploading the scans.
  const template = buildSampleOrder({ platform: 'oep', seed: 1, flaw: 'none' }).order;
  const times: number[] = [];
  let failures = 0;
  let turn = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      turn += 1;
      const body = JSON.stringify({ ...template, order_id: `BENCH-${Date.now()}-${turn}` });
      const sent = performance.now();
      const response = await fetch(`${base}/api/v2/orders/`, {
        method: 'POST',
        headers: signedOrderHeaders(key, body),
        body,
      });
      await response.arrayBuffer();
      times.push(performance.now() - sent);
      if (response.status !== 201) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  times.sort((a, b) => a - b);
  return {
    rps: times.length / ((performance.now() - started) / 1000),
    p99: percentile(times, 0.99),
    failures,
  };
};

export const runIntake = async (base: string, seconds: number): Promise<BenchSection[]> => {
  const orders = await measureOrders(base, seconds, 4);
  const scan = generateDentalArchStl({ facets: 1_000_000 });
  // The first reading starts the worker; the figure is the next ones, as a busy desk sees them.
  await analyseMesh(scan.slice());
  const readings: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const copy = scan.slice();
    const started = performance.now();
    await analyseMesh(copy);
    readings.push(performance.now() - started);
  }
  const slowest = Math.max(...readings);
  const rows: BenchRow[] = [
    {
      cells: [
        'POST /api/v2/orders/ (2 cases, 3 implants, 4 files), 4 connections',
        `${orders.rps.toFixed(1)} orders/s`,
        `p99 ${orders.p99.toFixed(0)} ms${orders.failures > 0 ? ` (${orders.failures} failed)` : ''}`,
      ],
      target: `≥ ${orderTargetRps} orders/s`,
      isMet: orders.failures === 0 && orders.rps >= orderTargetRps,
    },
    {
      cells: [
        `pre-flight reading of a ${(scan.byteLength / 1e6).toFixed(0)} MB binary STL (worker thread)`,
        `${readings.map((ms) => ms.toFixed(0)).join(' / ')} ms`,
        `slowest ${slowest.toFixed(0)} ms`,
      ],
      target: `≤ ${preflightTargetMs} ms`,
      isMet: slowest <= preflightTargetMs,
    },
  ];
  return [
    {
      title: '8. Intake: orders in, scans read',
      columns: ['figure', 'rate', 'latency'],
      rows,
      notes: [
        'each order is a whole collection in one transaction: client, cases with schedule, implants, order form, file links',
      ],
    },
  ];
};
