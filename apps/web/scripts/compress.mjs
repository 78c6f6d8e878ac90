// The build's compressed copies: `x.br` and `x.gz` next to a text file, at the highest levels (paid once per build),
// so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request. Used
// for the bundle (vite.config.ts) and for the prerendered sign-in page written after it (scripts/prerender.mjs).
import { writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes the compressed copies of `file`, whose content is `original`. A copy no smaller than the original is not
 * written; the server then sends the original.
 */
export async function writeCompressed(file, original) {
  const variants = [
    [
      ".br",
      await brotli(original, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: original.length,
        },
      }),
    ],
    [".gz", await gzipAsync(original, { level: zlibConstants.Z_BEST_COMPRESSION })],
  ];
  for (const [extension, compressed] of variants) {
    if (compressed.length < original.length) await writeFile(`${file}${extension}`, compressed);
  }
}
