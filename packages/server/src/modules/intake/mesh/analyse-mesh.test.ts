import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseMesh } from './analyse-mesh';
import { generateDentalArchStl } from './generate-sample-scan';
import { createMeshWorkerPool } from './mesh-worker-pool';
import { readMeshStats } from './read-mesh';

// The worker threads for real: started from TypeScript as vitest runs it, files handed over, answers back.

describe('analyseMesh', () => {
  it('answers on a worker thread what readMeshStats answers', async () => {
    const scan = generateDentalArchStl({ facets: 3000, seed: 2 });
    const expected = readMeshStats(scan);
    expect(await analyseMesh(scan.slice())).toEqual(expected);
  });

  it('says why a file is unreadable, as readMeshStats does', async () => {
    const notAScan = new TextEncoder().encode('Dear lab, please find the scan attached.');
    expect(await analyseMesh(notAScan)).toEqual({ unreadable: true, reason: 'it is not an STL or PLY file' });
  });

  it('moves a file that fills its own buffer to the worker, and copies one that shares a buffer', async () => {
    const owned = generateDentalArchStl({ facets: 1000 });
    const expected = readMeshStats(owned);
    const analysed = analyseMesh(owned);
    expect(owned.byteLength).toBe(0); // moved, not copied
    expect(await analysed).toEqual(expected);

    // A view into a larger buffer (as a parsed upload can be): the rest of that buffer must stay put.
    const larger = new Uint8Array(10 + 84 + 50 * 1000);
    larger.set(generateDentalArchStl({ facets: 1000 }), 10);
    const view = larger.subarray(10);
    expect(await analyseMesh(view)).toEqual(expected);
    expect(view.byteLength).toBe(84 + 50 * 1000);
  });

  it('reads a 50 MB scan while the event loop keeps ticking', async () => {
    const scan = generateDentalArchStl({ facets: 1_000_000 });
    expect(scan.byteLength).toBe(50_000_084);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    try {
      const analysing = analyseMesh(scan);
      // The call returns at once: a timer set after it fires before the answer arrives.
      const ticksBeforeAnswer = await Promise.race([
        new Promise<number>((resolve) => setTimeout(() => resolve(ticks), 5)),
        analysing.then(() => -1),
      ]);
      expect(ticksBeforeAnswer).toBeGreaterThan(0);
      const stats = await analysing;
      expect(stats).toMatchObject({
        format: 'stl-binary',
        facets: 1_000_000,
        vertices: 3_000_000,
        truncated: false,
      });
    } finally {
      clearInterval(ticker);
    }
  });
});

describe('createMeshWorkerPool', () => {
  const pool = createMeshWorkerPool(2);
  afterAll(() => pool.close());

  it('reads many files at once on no more than its two threads, each answer for its own file', async () => {
    const scans = [1, 2, 3, 4, 5].map((seed) => generateDentalArchStl({ facets: 2000 + seed, seed }));
    const expected = scans.map((scan) => readMeshStats(scan));
    const answers = await Promise.all(scans.map((scan) => pool.analyse(scan)));
    expect(answers).toEqual(expected);
    expect(pool.workerCount()).toBe(2);
  });

  it('closes its threads and turns away the files still waiting', async () => {
    const scans = [1, 2, 3].map((seed) => generateDentalArchStl({ facets: 500_000, seed }));
    const answers = scans.map((scan) =>
      pool.analyse(scan).then(
        () => 'read',
        (error: Error) => error.message,
      ),
    );
    await pool.close();
    expect(pool.workerCount()).toBe(0);
    expect(await Promise.all(answers)).toEqual([
      'the mesh worker pool was closed',
      'the mesh worker pool was closed',
      'the mesh worker pool was closed',
    ]);
  });
});

describe('a script using analyseMesh', () => {
  // The threads are unref'd only while idle: a script ends once its answers are in, and not before.
  it('gets its answer and then ends on its own', async () => {
    const moduleUrl = (name: string) => new URL(`./${name}.ts`, import.meta.url).href;
    const script = [
      `import { analyseMesh } from ${JSON.stringify(moduleUrl('analyse-mesh'))};`,
      `import { generateDentalArchStl } from ${JSON.stringify(moduleUrl('generate-sample-scan'))};`,
      'const stats = await analyseMesh(generateDentalArchStl({ facets: 5000 }));',
      'console.log(JSON.stringify({ facets: stats.facets }));',
    ].join('\n');
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
          cwd: fileURLToPath(new URL('.', import.meta.url)),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        // A thread left ref'd would keep the script alive for ever.
        const stuck = setTimeout(() => child.kill(), 30_000);
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(stuck);
          resolve({ code, stdout, stderr });
        });
      },
    );
    expect(run.stderr).toBe('');
    expect(run).toMatchObject({ code: 0, stdout: '{"facets":5000}\n' });
  });
});
