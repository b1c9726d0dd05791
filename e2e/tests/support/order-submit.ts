import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { e2ePort } from './chromium';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * `npm run order:submit -- --sample`, the CLI a newcomer runs, against the test's server (Node reaches it
 * by address, not the lab's name): a platform's signed order with real STL scans. Answers the new
 * collection's id and uid.
 */
export const submitOrder = async (
  flaw: 'none' | 'metres' | 'missing-scan' = 'none',
): Promise<{ collectionId: string; uid: string }> => {
  const { stdout } = await promisify(execFile)(
    'npm',
    [
      'run',
      '--silent',
      'order:submit',
      '--',
      '--sample',
      '--flaw',
      flaw,
      '--url',
      `http://127.0.0.1:${e2ePort}`,
    ],
    { cwd: repoRoot, timeout: 90_000 },
  );
  const collectionId = /→ collection (\d+)/.exec(stdout)?.[1];
  const uid = /collection\.html\?uid=([0-9a-f-]{36})/.exec(stdout)?.[1];
  if (!collectionId || !uid) throw new Error(`order:submit said: ${stdout}`);
  return { collectionId, uid };
};
