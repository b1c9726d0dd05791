// `npm start` builds the web app only when its sources are newer than the last build, so a second
// start is instant and a fresh clone still gets a build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtMarker = path.join(root, 'packages/web/dist/build-id.txt');
const sources = [
  'packages/web/src',
  'packages/web/vite.config.ts',
  'packages/web/vite-chunking.ts',
  'packages/web/vite-precompress.ts',
  'packages/domain/src',
  'packages/web/package.json',
];

const newestChange = (target) => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
};

const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestChange(path.join(root, s))));
if (process.argv.includes('--force') || changedAt > builtAt) {
  console.log('Building the web app…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '--workspace', '@lab/web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
