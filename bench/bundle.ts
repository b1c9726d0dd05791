// Target 4, its size part: for each built page, the gzip size of what the browser must fetch before the
// first paint (the entry script and every modulepreload; stylesheets too), read from packages/web/dist.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchRow, BenchSection } from './report';

// The most JavaScript a page may load before it paints: the staff page's search view, and the portal a
// client opens on a phone over a mobile network (issue 30).
const limitsKb: Record<string, number> = { 'collection.html': 200, 'portal.html': 150 };

type Asset = { file: string; kind: 'js' | 'css'; gzipBytes: number };

// kB as Vite prints them (1,000 bytes), so the figures match the build's own report.
const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** The assets a page loads before it paints, from its <script type="module">, modulepreload and stylesheet tags. */
const firstPaintAssets = (dist: string, html: string): Asset[] => {
  const urls: { url: string; kind: 'js' | 'css' }[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url || !url.includes('assets/')) continue;
    if (tag.startsWith('<script') && /type="module"/.test(tag)) urls.push({ url, kind: 'js' });
    else if (/rel="modulepreload"/.test(tag)) urls.push({ url, kind: 'js' });
    else if (/rel="stylesheet"/.test(tag)) urls.push({ url, kind: 'css' });
  }
  return urls.map(({ url, kind }) => {
    const file = url.slice(url.indexOf('assets/'));
    return { file, kind, gzipBytes: gzipSync(fs.readFileSync(path.join(dist, file))).length };
  });
};

const sum = (assets: Asset[], kind: Asset['kind']): number =>
  assets.filter((a) => a.kind === kind).reduce((total, a) => total + a.gzipBytes, 0);

/** Builds the web app when its sources are newer than dist (scripts/build-web-if-stale.mjs). */
export const buildWebIfStale = (root: string): string | null => {
  const built = spawnSync('node', ['scripts/build-web-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  return built.status === 0 ? null : `the web build failed (exit ${built.status}): measured the last build`;
};

export const runBundle = async (options: { root: string }): Promise<BenchSection[]> => {
  const dist = path.join(options.root, 'packages', 'web', 'dist');
  const buildNote = buildWebIfStale(options.root);
  const notes = buildNote ? [buildNote] : [];
  const pages = fs.existsSync(dist)
    ? fs
        .readdirSync(dist)
        .filter((name) => name.endsWith('.html'))
        .sort()
    : [];
  const rows: BenchRow[] = [];
  for (const page of pages) {
    const assets = firstPaintAssets(dist, fs.readFileSync(path.join(dist, page), 'utf8'));
    const js = sum(assets, 'js');
    const limitKb = limitsKb[page];
    const isLimited = limitKb !== undefined;
    rows.push({
      cells: [page, String(assets.filter((a) => a.kind === 'js').length), kb(js), kb(sum(assets, 'css'))],
      target: isLimited ? `JS ≤ ${limitKb} kB` : '',
      isMet: isLimited ? js <= limitKb * 1000 : null,
    });
    if (isLimited) {
      const largest = assets
        .filter((a) => a.kind === 'js')
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .slice(0, 5)
        .map((a) => `${path.basename(a.file).slice(0, 40)} ${kb(a.gzipBytes)}`);
      notes.push(`${page} largest: ${largest.join(', ')}`);
    }
  }
  if (pages.length === 0) notes.push('no built pages in packages/web/dist');
  notes.push('gzip (level 6) of the entry script + modulepreloads, and of the stylesheets; kB = 1,000 bytes');
  return [
    {
      title: '4a. First paint: gzip size per built page',
      columns: ['page', 'scripts', 'JS gzip', 'CSS gzip'],
      rows,
      notes,
    },
  ];
};
