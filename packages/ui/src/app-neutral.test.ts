/**
 * The UI is every app's: what ships from packages/ui/src imports nothing from an app
 * (`examples/`), names nothing of the helpdesk in its code (comments may use it as their
 * example), and uses nothing only Vite understands, since the package is built once by
 * esbuild and then bundled into each app's UI.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));

/** The helpdesk's notions, as words of code: identifiers, strings, templates and JSX text. */
const HELPDESK = /\b(helpdesk|teams?|tickets?|agents?|customers?|sla)\b/i;

/** Vite's own: glob imports, its env object, and `?raw` / `?url` / `?worker` imports. */
const VITE_ONLY = [
  /\bimport\.meta\.glob\b/,
  /\bimport\.meta\.env\b/,
  /\bimport\.meta\.hot\b/,
  /\?(raw|url|worker|inline)$/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test(-d)?\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

function parse(path: string): ts.SourceFile {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
}

/** Every word of code in the file (never its comments), with what kind of node holds it. */
function words(file: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isIdentifier(node) ||
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      out.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** The modules the file imports, statically or with `import()`. */
function imports(file: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) out.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** A module of an app: a path into examples/ or out of the package, or an example's package. */
const APP_MODULE = /(^|\/)examples\/|^(\.\.\/){3,}|^@ninefold\/example-/;

const files = sources(SRC).map((path) => ({ name: relative(SRC, path), file: parse(path) }));

describe('the UI belongs to no app', () => {
  it('has sources to check', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('imports nothing from an app', () => {
    const found = files.flatMap(({ name, file }) =>
      imports(file)
        .filter((m) => APP_MODULE.test(m))
        .map((m) => `${name}: ${m}`),
    );
    expect(found).toEqual([]);
  });

  it('names nothing of the helpdesk in its code', () => {
    const found = files.flatMap(({ name, file }) =>
      words(file)
        .filter((w) => HELPDESK.test(w))
        .map((w) => `${name}: ${w.slice(0, 60)}`),
    );
    expect(found).toEqual([]);
  });

  it('uses nothing only Vite understands', () => {
    const found = files.flatMap(({ name, file }) => [
      ...imports(file)
        .filter((m) => VITE_ONLY.some((re) => re.test(m)))
        .map((m) => `${name}: ${m}`),
      ...VITE_ONLY.slice(0, 3)
        .filter((re) => re.test(file.text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')))
        .map((re) => `${name}: ${re.source}`),
    ]);
    expect(found).toEqual([]);
  });

  it('finds what it looks for (the checks above are not blind)', () => {
    const text = [
      "import x from '../../../examples/helpdesk/ui';",
      "import y from '@ninefold/example-helpdesk';",
      '// tickets in a comment are fine',
      'const a = <p>Your tickets</p>;',
      ['const b = `', '$', '{x} team`;'].join(''),
      "const c = import('./y.svg?url');",
    ].join('\n');
    const sample = ts.createSourceFile('sample.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    expect(words(sample).filter((w) => HELPDESK.test(w))).toEqual([
      '../../../examples/helpdesk/ui',
      '@ninefold/example-helpdesk',
      'Your tickets',
      ' team',
    ]);
    expect(imports(sample)).toEqual([
      '../../../examples/helpdesk/ui',
      '@ninefold/example-helpdesk',
      './y.svg?url',
    ]);
    expect(imports(sample).filter((m) => APP_MODULE.test(m))).toHaveLength(2);
  });
});
