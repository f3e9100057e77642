/**
 * The testing guide's examples compile: each TypeScript block of docs/guide/testing.md is
 * type-checked as a test file beside the helpdesk's app (whose `./app` and `./seed` they
 * import), with the repository's compiler options. Nothing is written to disk.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const GUIDE = join(ROOT, 'docs/guide/testing.md');
const BESIDE = join(ROOT, 'examples/helpdesk');

it('every example of the testing guide type-checks against the helpdesk', () => {
  const blocks = [...readFileSync(GUIDE, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks.length).toBeGreaterThan(4);
  const files = new Map(blocks.map((code, i) => [join(BESIDE, `guide-example-${i}.test.ts`), code]));

  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (f) => files.has(f) || fileExists(f);
  host.readFile = (f) => files.get(f) ?? readFile(f);
  host.getSourceFile = (f, language, ...rest) => {
    const code = files.get(f);
    return code === undefined ? getSourceFile(f, language, ...rest) : ts.createSourceFile(f, code, language);
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
}, 120_000);
