import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, normalizePath, type Plugin, type Rolldown } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const base = '/static/v2/';

// A key-link page is opened from a link in an e-mail, often on a phone, with a key in its address: it
// goes edge to edge on a notched screen, and neither a referrer nor a search index ever sees the key.
type PageShell = { title: string; isKeyLink?: boolean };

// One HTML file per static page of the spec; each lands at /static/v2/<page>.html. The order names the
// shared chunks (`mui~collection~client`), so it stays as it is.
const pageShells = {
  collection: { title: 'Cases' },
  client: { title: 'Clients' },
  portal: { title: 'Your Case', isKeyLink: true },
  partner: { title: 'Partner job', isKeyLink: true },
  production: { title: 'Production' },
  'work-queue': { title: 'Work Queue' },
  checkin: { title: 'Check-in' },
  customer_service: { title: 'Customer Service' },
} as const satisfies Record<string, PageShell>;

type Page = keyof typeof pageShells;
const pages = Object.keys(pageShells) as Page[];

/** The HTML of a page: the one shell, with the page's title, metas and entry script. */
const pageHtml = (page: Page): string => {
  const shell: PageShell = pageShells[page];
  const viewport = `width=device-width, initial-scale=1.0${shell.isKeyLink ? ', viewport-fit=cover' : ''}`;
  const keyLinkMetas = shell.isKeyLink
    ? `    <meta name="referrer" content="no-referrer" />
    <meta name="robots" content="noindex, nofollow" />
`
    : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="${viewport}" />
    <meta name="color-scheme" content="light" />
${keyLinkMetas}    <title>${shell.title}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="./src/app/entries/${page}.tsx"></script>
  </body>
</html>
`;
};

const pageHtmlPath = (page: Page) => normalizePath(resolve(webRoot, `${page}.html`));

// The pages' HTML files are made from the shell, not kept on disk: the build takes <page>.html in this
// folder as its inputs (each is written to dist/<page>.html), and the dev server answers
// /static/v2/<page>.html with the same shell.
const pageShellPlugin = (): Plugin => {
  const pageOfPath = new Map(pages.map((page) => [pageHtmlPath(page), page]));
  const pageOfUrl = new Map(pages.map((page) => [`${base}${page}.html`, page]));
  return {
    name: 'lab-page-shells',
    enforce: 'pre',
    resolveId: (id) => (pageOfPath.has(id) ? id : null),
    load: (id) => {
      const page = pageOfPath.get(id);
      return page === undefined ? null : pageHtml(page);
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const page = pageOfUrl.get(request.url?.split('?')[0] ?? '');
        if (page === undefined) return next();
        // The address as Vite's own page middleware gives it: below the base.
        server.transformIndexHtml(`/${page}.html`, pageHtml(page), request.originalUrl).then((html) => {
          response.setHeader('Content-Type', 'text/html');
          response.end(html);
        }, next);
      });
    },
  };
};

// The server reads the id into the version the open pages poll, so the update notice fires exactly when
// the built output changed: the id hashes every emitted file name and content.
const buildIdPlugin = (): Plugin => ({
  name: 'lab-build-id',
  apply: 'build',
  generateBundle(_options, bundle) {
    const hash = createHash('sha256');
    for (const fileName of Object.keys(bundle).sort()) {
      const output = bundle[fileName];
      hash.update(fileName);
      if (output?.type === 'chunk') hash.update(output.code);
      else if (output?.type === 'asset') hash.update(output.source);
    }
    this.emitFile({
      type: 'asset',
      fileName: 'build-id.txt',
      source: `${hash.digest('hex').slice(0, 12)}\n`,
    });
  },
});

type ChunkingContext = Parameters<Exclude<Rolldown.CodeSplittingGroup['name'], string>>[1];

// @lab/domain is one barrel re-exporting every schema and rule: walking through it would mark everything
// behind it (luxon, phone metadata, every schema) as needed by every page. Its importers are followed
// into the modules that export the names they import instead.
const domainBarrelPattern = /[\\/]packages[\\/]domain[\\/]src[\\/](.+[\\/])?index\.ts$/;
const domainImportPattern = /import\s*\{([^}]*)\}\s*from\s*['"]@lab\/domain['"]/g;

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

const initialPagesCache = new WeakMap<ChunkingContext, Map<string, string>>();

/** Module id → the pages whose entry imports it statically (their first paint needs it), as `a~b~c`. */
const initialPagesOf = (ctx: ChunkingContext): Map<string, string> => {
  const cached = initialPagesCache.get(ctx);
  if (cached) return cached;
  let exporters: Map<string, string> | undefined;
  const getExporters = () => (exporters ??= domainExporters(ctx, resolve(webRoot, '../domain/src/index.ts')));
  const pagesByModule = new Map<string, string[]>();
  for (const page of pages) {
    const pending = [resolve(webRoot, `src/app/entries/${page}.tsx`)];
    const seen = new Set<string>();
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      pagesByModule.set(id, [...(pagesByModule.get(id) ?? []), page]);
      pending.push(...staticImportsOf(ctx, id, getExporters));
    }
  }
  const named = new Map([...pagesByModule].map(([id, list]) => [id, list.join('~')]));
  initialPagesCache.set(ctx, named);
  return named;
};

const chunkKind = (id: string) =>
  /node_modules[\\/](@mui|@emotion|@popperjs|stylis|react-transition-group)[\\/]/.test(id)
    ? 'mui'
    : /node_modules[\\/]/.test(id)
      ? 'vendor'
      : 'shared';

const chunkKinds = ['mui', 'vendor', 'shared'] as const;

// One group per number of pages and kind, the widest page sets first and, among equal ones, libraries
// before our code: a group also takes the captured modules' dependencies, and a dependency is needed by at
// least the pages of what imports it, so this order leaves every module in the chunk of exactly its pages
// (and zod in a library chunk, not in ours). Our code needed by one page stays in that page's entry chunk.
const initialChunkGroups: Rolldown.CodeSplittingGroup[] = pages.flatMap((_, index) => {
  const pageCount = pages.length - index;
  return chunkKinds.map((kind, kindIndex) => ({
    priority: 10 + pageCount * chunkKinds.length + (chunkKinds.length - kindIndex),
    // The bundler's timing report names a group by this (a name given as a function has none).
    debugName: `${kind} for ${pageCount} page(s)`,
    name: (id: string, ctx: ChunkingContext) => {
      const pageSet = initialPagesOf(ctx).get(id);
      if (pageSet === undefined || pageSet.split('~').length !== pageCount || chunkKind(id) !== kind) {
        return null;
      }
      return kind === 'shared' && pageCount === 1 ? null : `${kind}~${pageSet}`;
    },
  }));
});

const backend = 'http://localhost:8080';

export default defineConfig({
  base,
  plugins: [pageShellPlugin(), react(), buildIdPlugin()],
  // The dependency scan starts from the entry scripts: the pages' HTML is not on disk for it to read.
  optimizeDeps: { entries: pages.map((page) => `src/app/entries/${page}.tsx`) },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      input: Object.fromEntries(pages.map((page) => [page, pageHtmlPath(page)])),
      output: {
        // Libraries change far less often than our code, and every page shares most of them: they go in
        // chunks of their own, long cached, one per set of pages whose first paint needs them (react; then
        // MUI, other libraries and our shared code by page set). What only a lazy part needs is left to
        // the automatic chunking of that part, so no page's first download carries another's views.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 100 },
            ...initialChunkGroups,
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(
      ['/api', '/oauth2', '/conf', '/files'].map((path) => [path, { target: backend }]),
    ),
  },
});
