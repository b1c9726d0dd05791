// The running bench server (a child process: bench-server.ts) and a signed-in designer's token, shared by
// the sections that measure HTTP routes.
import { fork } from 'node:child_process';
import path from 'node:path';
import type { BenchServerReady } from './bench-server';
import type { DataSet } from './data-set';

export type BenchSession = BenchServerReady & {
  realBase: string;
  bareBase: string;
  token: string;
  stop: () => Promise<void>;
};

const signIn = async (base: string): Promise<string> => {
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

export const startBenchSession = async (root: string, dataSet: DataSet): Promise<BenchSession> => {
  const server = fork(path.join(root, 'bench', 'bench-server.ts'), [], {
    cwd: root,
    env: dataSet.env,
    // BENCH_SERVER_PROFILE=<dir>: the app server writes a V8 CPU profile there when the run ends.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_SERVER_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`]
        : []),
    ],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const ready = await new Promise<BenchServerReady>((resolve, reject) => {
    server.once('message', (message) => resolve(message as BenchServerReady));
    server.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
  const realBase = `http://127.0.0.1:${ready.realPort}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
  };
  try {
    return {
      ...ready,
      realBase,
      bareBase: `http://127.0.0.1:${ready.barePort}`,
      token: await signIn(realBase),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
