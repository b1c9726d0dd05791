import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

// How the build splits the pages' code into chunks (vite.config.ts): what each page's first paint
// needs, by the set of pages that share it, and for a key-link page its first view in one chunk.

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export type ChunkingContext = Parameters<Exclude<Rolldown.CodeSplittingGroup['name'], string>>[1];

// @lab/domain is one barrel re-exporting every schema and rule: walking through it would mark everything
// behind it (luxon, phone metadata, every schema) as needed by every page. Its importers are followed
// into the modules that export the names they import (or re-export) instead.
const domainBarrelPattern = /[\\/]packages[\\/]domain[\\/]src[\\/](.+[\\/])?index\.ts$/;
const domainImportPattern = /(?:import|export)\s*\{([^}]*)\}\s*from\s*['"]@lab\/domain['"]/g;

const importedDomainNames = (code: string): string[] =>
  [...code.matchAll(domainImportPattern)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((specifier) => specifier.trim())
      .filter((specifier) => specifier !== '' && !specifier.startsWith('type '))
      .map((specifier) => specifier.split(/\s+as\s+/)[0] ?? specifier),
  );

const domainExporters = (ctx: ChunkingContext, barrelId: string): Map<string, string> => {
  const byName = new Map<string, string>();
  for (const id of ctx.getModuleInfo(barrelId)?.importedIds ?? []) {
    if (domainBarrelPattern.test(id)) {
      for (const [name, exporter] of domainExporters(ctx, id)) byName.set(name, exporter);
      continue;
    }
    for (const name of ctx.getModuleInfo(id)?.exports ?? []) byName.set(name, id);
  }
  return byName;
};

const staticImportsOf = (ctx: ChunkingContext, id: string, exporters: () => Map<string, string>) => {
  const info = ctx.getModuleInfo(id);
  if (!info) return [];
  const direct = info.importedIds.filter((imported) => !domainBarrelPattern.test(imported));
  if (direct.length === info.importedIds.length) return direct;
  const viaBarrel = importedDomainNames(info.code ?? '').flatMap((name) => exporters().get(name) ?? []);
  return [...direct, ...viaBarrel];
};

/** Every module `roots` import statically, through the domain barrel as staticImportsOf follows it. */
const staticGraphOf = (ctx: ChunkingContext, roots: readonly string[]): Set<string> => {
  let exporters: Map<string, string> | undefined;
  const getExporters = () => (exporters ??= domainExporters(ctx, resolve(webRoot, '../domain/src/index.ts')));
  const pending = [...roots];
  const seen = new Set<string>();
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...staticImportsOf(ctx, id, getExporters));
  }
  return seen;
};

const entryOf = (page: string) => resolve(webRoot, `src/app/entries/${page}.tsx`);
const entryPattern = /[\\/]src[\\/]app[\\/]entries[\\/][^\\/]+\.tsx$/;

/**
 * What a set of chunks serves: a page's first paint (its entry), or a key-link page's first view (the
 * lazy parts its first content waits on), which always comes after its page's first paint.
 */
type Need = { name: string; roots: readonly string[]; after?: string };

/** The needs of a module: their number, and its chunk's name after the kind (`a~b~c`). */
type ModuleNeeds = { count: number; name: string };

/**
 * Module id → the needs that import it statically. A view needs all its page's first paint loaded: so
 * counted (a module's dependency then always has at least its needs, which needChunkGroups relies on),
 * not named (`shared~portal`, not `shared~portal~portal-view`).
 */
const needsOf = (ctx: ChunkingContext, needs: readonly Need[]): Map<string, ModuleNeeds> => {
  const namesByModule = new Map<string, string[]>();
  for (const need of needs) {
    for (const id of staticGraphOf(ctx, need.roots)) {
      namesByModule.set(id, [...(namesByModule.get(id) ?? []), need.name]);
    }
  }
  const byModule = new Map<string, ModuleNeeds>();
  for (const [id, names] of namesByModule) {
    const named = names.filter(
      (name) => !needs.some((need) => need.name === name && names.includes(need.after ?? '')),
    );
    const implied = needs.filter((need) => need.after !== undefined && named.includes(need.after));
    byModule.set(id, { count: named.length + implied.length, name: named.join('~') });
  }
  return byModule;
};

/** A value worked out once per build (the chunking context is one per build). */
const oncePerBuild = <T>(work: (ctx: ChunkingContext) => T) => {
  const cache = new WeakMap<ChunkingContext, T>();
  return (ctx: ChunkingContext): T => {
    const cached = cache.get(ctx);
    if (cached !== undefined) return cached;
    const value = work(ctx);
    cache.set(ctx, value);
    return value;
  };
};

const chunkKind = (id: string) =>
  /node_modules[\\/](@mui|@emotion|@popperjs|stylis|react-transition-group)[\\/]/.test(id)
    ? 'mui'
    : /node_modules[\\/]/.test(id)
      ? 'vendor'
      : 'shared';

const chunkKinds = ['mui', 'vendor', 'shared'] as const;

// One group per number of needs and kind, the widest need sets first and, among equal ones, libraries
// before our code: a group also takes the captured modules' dependencies, and a dependency is needed by at
// least the needs of what imports it, so this order leaves every module in the chunk of exactly its needs
// (and zod in a library chunk, not in ours). Our code needed by one page stays in that page's entry chunk
// (unless `withOwnChunk` names it).
const needChunkGroups = (
  needCounts: readonly number[],
  needsByModule: (ctx: ChunkingContext) => Map<string, ModuleNeeds>,
  withOwnChunk: ReadonlySet<string>,
): Rolldown.CodeSplittingGroup[] =>
  needCounts.flatMap((needCount) =>
    chunkKinds.map((kind, kindIndex) => ({
      priority: 10 + needCount * chunkKinds.length + (chunkKinds.length - kindIndex),
      // The bundler's timing report names a group by this (a name given as a function has none).
      debugName: `${kind} for ${needCount} need(s)`,
      name: (id: string, ctx: ChunkingContext) => {
        const needs = needsByModule(ctx).get(id);
        if (needs === undefined || needs.count !== needCount || chunkKind(id) !== kind) return null;
        // An entry module is its page's entry chunk. A first view's own code has no entry chunk to go
        // to; its page's own code neither, else the view's group would take what it shares with the
        // first paint (a group takes its modules' dependencies).
        if (entryPattern.test(id)) return null;
        return kind === 'shared' && needCount === 1 && !withOwnChunk.has(needs.name)
          ? null
          : `${kind}~${needs.name}`;
      },
    })),
  );

/**
 * The chunk groups of a build of `pages`. Libraries change far less often than our code, and pages
 * share most of them: they go in chunks of their own, long cached, one per set of pages whose first
 * paint needs them (react; then MUI, other libraries and our shared code by page set). What only a lazy
 * part needs is left to the automatic chunking of that part, so no page's first download carries
 * another's views — except a key-link page's `firstViews`: the lazy parts (source paths) its first
 * content waits on are one more need (`portal-view`), chunked like a page beside the pages' own, so the
 * case view comes in one or two chunks. A phone on a mobile network pays a round trip per request: the
 * portal's case view in twenty small chunks took 0.6 s longer.
 */
export const chunkGroupsFor = (
  pages: readonly string[],
  firstViews: Readonly<Record<string, readonly string[]>> = {},
): Rolldown.CodeSplittingGroup[] => {
  const views = Object.entries(firstViews).map(([page, roots]) => ({
    name: `${page}-view`,
    roots: roots.map((root) => resolve(webRoot, root)),
    after: page,
  }));
  const needs: Need[] = [...pages.map((page) => ({ name: page, roots: [entryOf(page)] })), ...views];
  const needsByModule = oncePerBuild((ctx) => needsOf(ctx, needs));
  // The widest need sets first (see needChunkGroups).
  const needCounts = needs.map((_, index) => needs.length - index);
  return [
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 100 },
    ...needChunkGroups(needCounts, needsByModule, new Set(views.map((view) => view.name))),
  ];
};
