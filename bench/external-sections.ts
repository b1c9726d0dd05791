// The sections other parts of the bench own (bench/browser-metrics.ts, bench/windows.ts), loaded by file
// so the bench runs whether or not they exist yet. The contract: each exports one
// `async function run…(options)` answering BenchSection[]; it starts what it needs itself.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchSection } from './report';

/** What the bench knows and hands to every external section; each reads the fields it needs. */
export type ExternalOptions = {
  root: string;
  databaseUrl?: string;
  /** The PGlite data set (when databaseUrl is not set). */
  dataDir: string;
  collections: number;
  connections: number;
  /** Seconds per measured step, only when asked for (--seconds): each section has its own default. */
  seconds?: number;
  /** The bench's running app server, signed-in user and fixtures (for the Chromium section). */
  baseUrl?: string;
  username?: string;
  password?: string;
  collection20Uid?: string;
  collection2000Uid?: string;
  /** The portal key of the 20-case collection, and the Chromium visits to make (the portal section's). */
  portalKey?: string;
  visits?: readonly string[];
  log?: (line: string) => void;
};

type SectionRunner = (options: ExternalOptions) => Promise<BenchSection[]>;

const skipped = (title: string, note: string): BenchSection[] => [
  { title, columns: ['figure'], rows: [], notes: [note] },
];

export const runExternalSection = async (
  section: { file: string; runner: string; title: string },
  options: ExternalOptions,
): Promise<BenchSection[]> => {
  const { file, title } = section;
  const modulePath = path.join(options.root, 'bench', file);
  if (!fs.existsSync(modulePath)) return skipped(title, `skipped: bench/${file} does not exist yet`);
  try {
    const loaded = (await import(pathToFileURL(modulePath).href)) as Record<string, unknown>;
    // The agreed name first, else whichever run… function the file exports.
    const runner = (loaded[section.runner] ??
      Object.entries(loaded).find(
        ([name, value]) => name.startsWith('run') && typeof value === 'function',
      )?.[1]) as SectionRunner | undefined;
    if (!runner) return skipped(title, `skipped: bench/${file} exports no run… function`);
    return await runner(options);
  } catch (error) {
    // A section that failed has measured nothing: it cannot count as met.
    const message = error instanceof Error ? error.message : String(error);
    return [
      {
        title,
        columns: ['figure'],
        rows: [{ cells: [`failed: ${message}`], target: '', isMet: false }],
        notes: [],
      },
    ];
  }
};
