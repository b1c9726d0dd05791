import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// One HTML file per static page of the spec; each lands at /static/v2/<page>.html.
const pages = ['collection', 'client', 'portal', 'partner', 'production', 'work-queue'] as const;

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

const backend = 'http://localhost:8080';

export default defineConfig({
  base: '/static/v2/',
  plugins: [react(), buildIdPlugin()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      input: Object.fromEntries(pages.map((page) => [page, resolve(webRoot, `${page}.html`)])),
      output: {
        // Libraries change far less often than our code: separate chunks stay cached across deploys and
        // are shared by every page. The lists are explicit on purpose: a library matched here loads
        // eagerly, so heavy lazy parts (three, FullCalendar, MUI X) must stay out of them. entriesAware
        // splits a group by the pages that use each module, so a small page (the customer portal, opened
        // on a phone) loads the MUI parts it uses and not the staff pages' whole set.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|@popperjs|stylis|react-transition-group)[\\/]/,
              priority: 20,
              entriesAware: true,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/](zod|@tanstack)[\\/]/,
              priority: 10,
              entriesAware: true,
            },
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
