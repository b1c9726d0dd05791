import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const precompressedPattern = /\.(js|css|html|svg)$/;
// The server's own compression runs at its fast levels (brotli 1, gzip 1: quick enough for every answer);
// assets never change once built, so they are compressed once here at the best levels, and the server
// sends the `.br` or `.gz` beside each file as it is (issue 30: a phone on a mobile network waits on these
// bytes). Both: browsers ask for brotli over HTTPS only, and a lab's server is often reached by plain HTTP.
export const precompressPlugin = (): Plugin => ({
  name: 'lab-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const outDir = options.dir;
    if (!outDir) return;
    // This build's files only: the key-link build writes beside the staff build's (vite.config.ts).
    await Promise.all(
      Object.keys(bundle)
        .filter((file) => precompressedPattern.test(file))
        .map(async (file) => {
          const source = await readFile(join(outDir, file));
          // Below 1 kB the server sends a file as it is (http/compression.ts): no .br or .gz either.
          if (source.length < 1024) return;
          const compressed = await brotli(source, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          });
          await writeFile(join(outDir, `${file}.br`), compressed);
          await writeFile(join(outDir, `${file}.gz`), await gzipped(source, { level: 9 }));
        }),
    );
  },
});
