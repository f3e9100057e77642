/**
 * The guides' examples compile: each TypeScript block of docs/guide/testing.md and
 * docs/guide/accounts.md is type-checked with the repository's compiler options, beside the
 * helpdesk (so `./app` and `./seed` are the helpdesk's until a block of the guide defines an app
 * of its own: a block with `export default defineApp(` is a spec module, and the test blocks
 * after it import it as `./app`). Nothing is written to disk.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
// Beside an app of the repository, so the blocks' imports resolve as an app's would.
const BESIDE = join(ROOT, 'examples/helpdesk');

/** The guide's blocks as files: spec modules and test files, wired to the spec shown last. */
function guideFiles(guide: string): Map<string, string> {
  const blocks = [
    ...readFileSync(join(ROOT, 'docs/guide', `${guide}.md`), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g),
  ];
  expect(blocks.length).toBeGreaterThanOrEqual(4);
  const files = new Map<string, string>();
  let lastApp: string | undefined;
  blocks.forEach(([, code = ''], i) => {
    const name = `guide-${guide}-${i}`;
    const isApp = code.includes('export default defineApp(');
    const source = lastApp ? code.replaceAll("from './app'", `from './${lastApp}'`) : code;
    files.set(join(BESIDE, isApp ? `${name}.ts` : `${name}.test.ts`), source);
    if (isApp) lastApp = name;
  });
  return files;
}

it.each(['testing', 'accounts'])(
  'every example of the %s guide type-checks',
  (guide) => {
    const files = guideFiles(guide);
    const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config;
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
    const host = ts.createCompilerHost(options);
    const { getSourceFile, fileExists, readFile } = host;
    host.fileExists = (f) => files.has(f) || fileExists(f);
    host.readFile = (f) => files.get(f) ?? readFile(f);
    host.getSourceFile = (f, language, ...rest) => {
      const code = files.get(f);
      return code === undefined
        ? getSourceFile(f, language, ...rest)
        : ts.createSourceFile(f, code, language);
    };
    const program = ts.createProgram([...files.keys()], { ...options, noEmit: true }, host);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && files.has(d.file.fileName))
      .map((d) => {
        const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
        return `${d.file!.fileName.slice(BESIDE.length + 1)}:${line + 1} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
    expect(problems).toEqual([]);
  },
  120_000,
);
