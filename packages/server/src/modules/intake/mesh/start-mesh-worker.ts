import { Worker } from 'node:worker_threads';

// Starts mesh-worker on a new thread, from whichever form this code runs in.
//  - Built JavaScript: mesh-worker.js sits next to this file; a bundler must emit it as its own entry.
//  - TypeScript through tsx (npm start, dev, vitest): Node 20 does not pass tsx's `--import` hooks on to
//    a worker (tsx issue #354: the worker fails with ERR_UNKNOWN_FILE_EXTENSION), so a two-line
//    JavaScript bootstrap registers tsx inside the worker first, then imports mesh-worker.ts.

const isTypeScript = import.meta.url.endsWith('.ts');

/** The bootstrap run as the worker's code: tsx's ESM hooks on this thread, then the worker module. */
const tsxBootstrap = (): string => {
  // Resolved from here rather than the working directory, so the server may be started from anywhere.
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const worker = new URL('./mesh-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`;
};

export const startMeshWorker = (): Worker =>
  isTypeScript
    ? new Worker(tsxBootstrap(), { eval: true, name: 'mesh-worker' })
    : new Worker(new URL('./mesh-worker.js', import.meta.url), { name: 'mesh-worker' });
