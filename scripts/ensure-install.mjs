// Runs before `npm start` and `npm test`: straight after `git clone` there is no node_modules, so
// install first. Uses only Node built-ins because nothing else is installed yet.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const marker = path.join(root, 'node_modules', '.package-lock.json');

if (!existsSync(marker)) {
  console.log('node_modules is missing: running npm ci first…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const command = existsSync(path.join(root, 'package-lock.json')) ? 'ci' : 'install';
  const result = spawnSync(npm, [command, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
