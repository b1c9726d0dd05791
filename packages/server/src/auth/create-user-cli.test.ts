import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, it } from 'vitest';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { copyMigratedDatabaseTo } from '../testing/test-database';

// `npm run user:create` as a newcomer meets it: run as its own process (the script exits with a code
// and reads stdin), on an embedded database in a temporary folder.

const cliPath = fileURLToPath(new URL('./create-user-cli.ts', import.meta.url));
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-user-cli-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

type Run = { code: number | null; stdout: string; stderr: string };

const runCli = (args: string[], options: { dataDir?: string; stdin?: string } = {}): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cliPath, ...args], {
      cwd: path.dirname(cliPath),
      // No DATABASE_URL: the embedded database in DATA_DIR, as on a fresh clone.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: options.dataDir ?? path.join(workDir, 'unused'),
        LOG_LEVEL: 'silent',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });

// Each run is a Node process loading the CLI's imports, seconds on a busy machine: the tests run side by side
// (each on a data folder of its own), and so do the two help flags. Concurrent tests take `expect` from
// their context, so that a failure is told against the test it belongs to.
describe.concurrent('npm run user:create', () => {
  it('prints its usage on --help and -h, and exits 0', async ({ expect }) => {
    const runs = await Promise.all(['--help', '-h'].map((flag) => runCli([flag])));
    for (const run of runs) {
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/^Usage: npm run user:create -- --username U --department D \[options\]/);
      for (const option of [
        '--username U',
        '--department D',
        '--first-name F',
        '--last-name L',
        '--admin',
        '--restricted',
        '--staging',
        '-h, --help',
      ]) {
        expect(run.stdout).toContain(`  ${option} `);
      }
      expect(run.stdout).toContain('The password is read from stdin');
      expect(run.stdout).toContain("printf '%s\\n' 'long-secret-password' |");
    }
  });

  it('refuses an unknown option with one line and the usage, exit 2, no stack trace', async ({ expect }) => {
    const run = await runCli(['--username', 'jane', '--bogus']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const [firstLine, secondLine] = run.stderr.split('\n');
    expect(firstLine).toBe("user:create: Unknown option '--bogus'");
    expect(secondLine).toBe('');
    expect(run.stderr).toContain('Usage: npm run user:create --');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('tells to stop the server when it holds the data folder, exit 1', async ({ expect }) => {
    const dataDir = path.join(workDir, 'held');
    // The lock the server takes at start; this test process stands in for the running server.
    const release = acquireDataDirLock(dataDir);
    try {
      const run = await runCli(['--username', 'jane', '--department', 'DESIGN'], {
        dataDir,
        stdin: 'long-secret-password\n',
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        [
          `The server is running on the data folder ${dataDir} (pid ${process.pid}),`,
          'and the embedded database takes one process at a time. To create the user:',
          '  1. stop the server: Ctrl+C in its terminal',
          '  2. run this command again',
          '  3. start the server again: npm start',
          '',
        ].join('\n'),
      );
    } finally {
      release();
    }
  });

  it('creates the user from the password on stdin, and refuses the same name again', async ({ expect }) => {
    const dataDir = path.join(workDir, 'free');
    // A copy of the run's migrated database: the CLI's own initdb and migrations are the server's, tested
    // with it; here they would only cost seconds.
    await copyMigratedDatabaseTo(dataDir);
    const args = ['--username', 'jane', '--department', 'design', '--admin', '--first-name', 'Jane'];
    const created = await runCli(args, { dataDir, stdin: 'long-secret-password\n' });
    expect(created).toMatchObject({ code: 0, stdout: 'Created user jane (DESIGN, admin)\n' });
    const again = await runCli(['--username', 'JANE', '--department', 'DESIGN'], {
      dataDir,
      stdin: 'another-password\n',
    });
    expect(again).toMatchObject({
      code: 1,
      stderr: 'Could not create JANE: a user with that name exists already\n',
    });
    // The CLI let go of the folder.
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 120_000);
});
