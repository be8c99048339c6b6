import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this, compressing saves less than the request's headers weigh. */
const MIN_SIZE = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html)$/;

/** Each asset's sizes: as built, and as sent brotli- or gzip-compressed (the page budgets read them). */
export type AssetSizes = Map<string, { raw: number; brotli: number; gzip: number }>;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) next to each built
 * asset worth it, once at build time, so the server sends them as they are (@fastify/static's
 * `preCompressed`) instead of compressing on every request. Node's zlib: no dependency.
 */
export function precompressedAssets(sizes: AssetSizes = new Map()): Plugin {
  let outDir = '';
  return {
    name: 'precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          const content = Buffer.from(output.type === 'chunk' ? output.code : output.source);
          const size = { raw: content.length, brotli: content.length, gzip: content.length };
          sizes.set(output.fileName, size);
          if (content.length < MIN_SIZE || !COMPRESSIBLE.test(output.fileName)) return;
          const file = path.join(outDir, output.fileName);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            }),
            gzipped(content, { level: 9 }),
          ]);
          // A compressed copy no smaller than the file is not worth a second request variant.
          if (br.length < content.length) {
            await writeFile(`${file}.br`, br);
            size.brotli = br.length;
          }
          if (gz.length < content.length) {
            await writeFile(`${file}.gz`, gz);
            size.gzip = gz.length;
          }
        }),
      );
    },
  };
}
