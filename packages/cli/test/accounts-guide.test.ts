/**
 * The accounts guide's examples compile: each TypeScript block of docs/guide/accounts.md is
 * type-checked with the repository's compiler options, a spec block as a module of its own and
 * a test block as a test file whose `./app` is the spec shown last before it. Nothing is
 * written to disk.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { ROOT } from './run-cli';

const GUIDE = join(ROOT, 'docs/guide/accounts.md');
// Beside an app of the repository, so the blocks' imports resolve as an app's would.
const BESIDE = join(ROOT, 'examples/helpdesk');

it('every example of the accounts guide type-checks', () => {
  const blocks = [...readFileSync(GUIDE, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks.length).toBeGreaterThanOrEqual(4);
  const files = new Map<string, string>();
  let lastApp: string | undefined;
  blocks.forEach((code, i) => {
    const name = `guide-accounts-${i}`;
    const isApp = code.includes('export default defineApp(');
    const source = lastApp ? code.replaceAll("from './app'", `from './${lastApp}'`) : code;
    files.set(join(BESIDE, isApp ? `${name}.ts` : `${name}.test.ts`), source);
    if (isApp) lastApp = name;
  });

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
