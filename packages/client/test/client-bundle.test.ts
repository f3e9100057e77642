/**
 * The client as a browser app bundles it: esbuild, platform browser, from the package's own
 * entry. It must build with no Node built-ins, carry nothing of the server or its database
 * drivers, and shake down to what is imported.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

async function bundle(code: string) {
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    platform: 'browser',
    // The sources under test, as the rest of the tests read them (not a dist/ built earlier).
    conditions: ['@ninefold/source'],
    format: 'esm',
    minify: true,
    metafile: true,
    logLevel: 'silent',
  });
  const text = result.outputFiles[0]!.text;
  const [output] = Object.values((result.metafile as Metafile).outputs);
  // The modules that put code in the bundle (`metafile.inputs` lists every one parsed).
  const inputs = Object.entries(output!.inputs)
    .filter(([, i]) => i.bytesInOutput > 0)
    .map(([path]) => path);
  return { text, gzip: gzipSync(text).length, inputs };
}

describe('the client bundled for the browser', () => {
  it('builds with no Node built-ins and nothing of the server', async () => {
    const { text, gzip, inputs } = await bundle(
      "export { createClient, isNinefoldError } from '@ninefold/client';",
    );
    console.info(`@ninefold/client (createClient): ${text.length} B, ${gzip} B gzipped`);
    expect(inputs.length).toBeGreaterThan(3);
    expect(inputs.every((i) => i.startsWith('packages/client/src/') || i === '<stdin>')).toBe(true);
    expect(inputs.filter((i) => /packages\/(server|spec)\/|node_modules/.test(i))).toEqual([]);
    expect(text).not.toMatch(/\bnode:|require\(|better-sqlite3|fastify|kysely|\bpg\b/);
    // The spec is only types to the client: its code (validators, checker) stays out too.
    expect(text).not.toContain('BUILTIN_ERRORS');
    // 5.5 kB since files (multipart bodies, upload progress, the pre-upload check) joined it.
    expect(gzip).toBeLessThan(5.5 * 1024);
  });

  it('shakes down to what is imported: the error helpers alone are a fraction of createClient', async () => {
    const whole = await bundle("export { createClient } from '@ninefold/client';");
    const errors = await bundle("export { isNinefoldError, NinefoldError } from '@ninefold/client';");
    console.info(`@ninefold/client (error helpers only): ${errors.gzip} B gzipped, of ${whole.gzip} B`);
    expect(errors.inputs).toEqual(['packages/client/src/client-error.ts']);
    expect(errors.inputs.filter((i) => /realtime|transport|create-client|client-auth/.test(i))).toEqual([]);
    expect(errors.gzip * 3).toBeLessThan(whole.gzip);
  });
});
