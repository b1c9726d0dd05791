import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, normalizePath, type Plugin } from 'vite';
import { chunkGroupsFor } from './vite-chunking';
import { precompressPlugin } from './vite-precompress';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const base = '/static/v2/';

// A key-link page is opened from a link in an e-mail, often on a phone, with a key in its address: it
// goes edge to edge on a notched screen, and neither a referrer nor a search index ever sees the key.
// Its `firstView`: the lazy parts its first content waits on, fetched as one chunk (vite-chunking.ts).
type PageShell = { title: string; isKeyLink?: boolean; firstView?: readonly string[] };

// One HTML file per static page of the spec; each lands at /static/v2/<page>.html. The order names the
// shared chunks (`mui~collection~client`), so it stays as it is.
const pageShells = {
  collection: { title: 'Cases' },
  client: { title: 'Clients' },
  portal: {
    title: 'Your Case',
    isKeyLink: true,
    firstView: [
      'src/features/portal/components/portal-case-view.tsx',
      'src/features/portal/api/portal-answer-schemas.ts',
      'src/lib/key-link-answers.ts',
    ],
  },
  partner: { title: 'Partner job', isKeyLink: true },
  production: { title: 'Production' },
  'work-queue': { title: 'Work Queue' },
  checkin: { title: 'Check-in' },
  customer_service: { title: 'Customer Service' },
  gauge_manufacturing: { title: 'Gauge MRP' },
  accounts: { title: 'Accounts' },
} as const satisfies Record<string, PageShell>;

type Page = keyof typeof pageShells;
const pages = Object.keys(pageShells) as Page[];
const isKeyLinkPage = (page: Page) => (pageShells[page] as PageShell).isKeyLink === true;

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
// The staff build's id goes to staff-build-id.txt; the key-link build, second, hashes it with its own
// into build-id.txt, which is therefore there only when both builds are (scripts/build-web-if-stale.mjs).
const staffBuildIdFile = 'staff-build-id.txt';
const buildIdPlugin = (fileName: string, earlierBuildId: string): Plugin => ({
  name: 'lab-build-id',
  apply: 'build',
  generateBundle(_options, bundle) {
    const hash = createHash('sha256');
    hash.update(earlierBuildId);
    for (const fileName of Object.keys(bundle).sort()) {
      const output = bundle[fileName];
      hash.update(fileName);
      if (output?.type === 'chunk') hash.update(output.code);
      else if (output?.type === 'asset') hash.update(output.source);
    }
    this.emitFile({
      type: 'asset',
      fileName,
      source: `${hash.digest('hex').slice(0, 12)}\n`,
    });
  },
});

const backend = 'http://localhost:8080';

const distDir = resolve(webRoot, 'dist');
const staffPages = pages.filter((page) => !isKeyLinkPage(page));
const keyLinkPages = pages.filter(isKeyLinkPage);
const firstViewsOf = (buildPages: readonly Page[]) =>
  Object.fromEntries(
    buildPages.flatMap((page) => {
      const { firstView } = pageShells[page] as PageShell;
      return firstView ? [[page, firstView]] : [];
    }),
  );

// Two builds into one dist (`vite build`, then `vite build --mode key-link`): the staff pages, then the
// key-link pages a client or partner opens from a link, on their own so their chunks hold their code
// only (a phone on a mobile network would otherwise fetch chunks shaped by the staff pages' sharing).
export default defineConfig(({ command, mode }) => {
  const isKeyLinkBuild = mode === 'key-link';
  const buildPages = isKeyLinkBuild ? keyLinkPages : staffPages;
  const staffBuildId = resolve(distDir, staffBuildIdFile);
  if (command === 'build' && isKeyLinkBuild && !existsSync(staffBuildId)) {
    throw new Error('The key-link build goes after the staff build (npm run build)');
  }
  const buildId = isKeyLinkBuild
    ? buildIdPlugin('build-id.txt', command === 'build' ? readFileSync(staffBuildId, 'utf8') : '')
    : buildIdPlugin(staffBuildIdFile, '');
  return {
    base,
    plugins: [pageShellPlugin(), react(), buildId, precompressPlugin()],
    // The dependency scan starts from the entry scripts: the pages' HTML is not on disk for it to read.
    optimizeDeps: { entries: pages.map((page) => `src/app/entries/${page}.tsx`) },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      emptyOutDir: !isKeyLinkBuild,
      rolldownOptions: {
        input: Object.fromEntries(buildPages.map((page) => [page, pageHtmlPath(page)])),
        output: { codeSplitting: { groups: chunkGroupsFor(buildPages, firstViewsOf(buildPages)) } },
      },
    },
    server: {
      port: 5173,
      strictPort: true,
      proxy: Object.fromEntries(
        ['/api', '/oauth2', '/conf', '/files'].map((path) => [path, { target: backend }]),
      ),
    },
  };
});
