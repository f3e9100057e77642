/**
 * A Vite plugin that writes brotli and gzip copies of the built text files, so the server
 * sends compressed files (`@fastify/static` with `preCompressed`) without compressing on
 * every request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|css|html|svg|json|txt)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/**
 * @example plugins: [react(), precompress()]
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ninefold:precompress',
    apply: 'build',
    configResolved(config) {
      // resolve, not join: an absolute outDir (`--out-dir=/tmp/ui`) stays where it was asked.
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!TEXT.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}
