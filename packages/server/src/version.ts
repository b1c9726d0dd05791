import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './config';

/**
 * The version the update notice compares: APP_VERSION when set, else the package version plus the
 * id of the current web build, so every new build is noticed by open pages.
 */
export const readAppVersion = (explicit: string | undefined): string => {
  if (explicit) return explicit;
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  const buildIdFile = path.join(repoRoot, 'packages/web/dist/build-id.txt');
  const buildId = fs.existsSync(buildIdFile) ? fs.readFileSync(buildIdFile, 'utf8').trim() : 'dev';
  return `${pkg.version}+${buildId}`;
};
