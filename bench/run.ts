// npm run bench: build a generated data set (once per size), start the bench server, and measure the
// real routes against bare routes running the same SQL, side by side, in one run.
//   BENCH_COLLECTIONS (default 100000)  BENCH_SECONDS (default 10)  BENCH_CONNECTIONS (default 10)
//   BENCH_DATABASE_URL=postgres://…  run against PostgreSQL instead of the embedded database (an empty
//   database: it is seeded; BENCH_REUSE=1 measures a database seeded by an earlier run)
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const collections = Number(process.env.BENCH_COLLECTIONS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = path.join(here, 'results', `data-${collections}`);
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
if (databaseUrl) env.DATABASE_URL = databaseUrl;
else delete env.DATABASE_URL;

const readyMarker = path.join(dataDir, 'bench-ready.txt');
const isSeeded = databaseUrl ? process.env.BENCH_REUSE === '1' : fs.existsSync(readyMarker);
if (!isSeeded) {
  console.log(`Building the data set: demo data + ${collections} generated collections…`);
  const started = Date.now();
  const seeded = spawnSync(
    'node',
    ['--import', 'tsx', 'packages/server/src/db/seed/cli.ts', '--collections', String(collections)],
    {
      cwd: root,
      env,
      stdio: 'inherit',
    },
  );
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
  if (!databaseUrl) fs.writeFileSync(readyMarker, new Date().toISOString());
  console.log(`Data set built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} else {
  console.log(`Reusing the data set in ${dataDir}`);
}

type Ready = { ready: true; realPort: number; barePort: number; kind: string };
const server = fork(path.join(here, 'bench-server.ts'), [], {
  cwd: root,
  env,
  execArgv: ['--import', 'tsx'],
});
const ready = await new Promise<Ready>((resolve, reject) => {
  server.once('message', (message) => resolve(message as Ready));
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

const signIn = async (): Promise<string> => {
  const base = `http://127.0.0.1:${ready.realPort}`;
  const form = new URLSearchParams({ username: 'designer', password: 'demo' });
  const response = await fetch(`${base}/oauth2/authorize/`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
  const token = await fetch(`${base}/oauth2/token/`, { headers: { cookie } });
  return ((await token.json()) as { access_token: string }).access_token;
};
const token = await signIn();

// Search keywords that exercise each matching path: a surname, a client word, a collection id, a case key.
const keywords = ['smith', 'dental', 'wilson', '100150', '100200-01', 'nguyen', 'clinic', 'tay'];
type Target = { name: string; method: 'GET' | 'POST'; path: string; bodies?: string[] };
const targets: Target[] = [
  { name: 'GET /api/version/', method: 'GET', path: '/api/version/' },
  {
    name: 'POST /api/v2/collections/ (search)',
    method: 'POST',
    path: '/api/v2/collections/',
    bodies: keywords.map((keyword) => JSON.stringify({ keyword })),
  },
  { name: 'GET /api/v2/case/statuses/', method: 'GET', path: '/api/v2/case/statuses/' },
];

const measure = async (port: number, target: Target) => {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${target.path}`,
    method: target.method,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: target.bodies
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              body: target.bodies?.[i++ % (target.bodies?.length ?? 1)],
            }),
          },
        ]
      : undefined,
  });
  const failures = result.non2xx + result.errors;
  if (failures > 0) console.warn(`  ${failures} failed requests on port ${port} ${target.path}`);
  return { rps: result.requests.average, p99: result.latency.p99 };
};

console.log(
  `\n${ready.kind}, ${collections} generated collections, ${connections} connections, ${seconds} s per run\n`,
);
const rows: string[][] = [];
for (const target of targets) {
  await measure(ready.realPort, target); // warm-up (JIT, caches)
  const realRun = await measure(ready.realPort, target);
  const bareRun = await measure(ready.barePort, target);
  rows.push([
    target.name,
    realRun.rps.toFixed(0),
    `${realRun.p99} ms`,
    bareRun.rps.toFixed(0),
    `${bareRun.p99} ms`,
    (realRun.rps / bareRun.rps).toFixed(2),
  ]);
}
const header = ['route', 'app req/s', 'app p99', 'bare req/s', 'bare p99', 'app/bare'];
const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]?.length ?? 0)));
const line = (cells: string[]) => cells.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
rows.forEach((r) => console.log(line(r)));
server.kill('SIGTERM');
