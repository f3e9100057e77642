/**
 * Builds every published package into its `dist/`: JavaScript by esbuild (with source maps) and
 * type declarations by the TypeScript compiler, in dependency order so each package's
 * declarations refer to the already-built declarations of the packages it imports.
 *
 * Node-side and shared packages are bundled into one module per entry (their sources import
 * each other without file extensions, which Node's ESM loader does not accept); every bare
 * import stays external, so a package's dependencies come from the app's own node_modules.
 * The UI is transpiled file by file instead, with its CSS copied beside it: its only consumer
 * is Vite (which resolves extensionless imports), and keeping its files lets the app's build
 * split the admin console and each page into lazy chunks, each with its own CSS.
 *
 * `npm run build` runs it; `--js-only` skips the declarations (what tests need, in seconds).
 */
import { execFileSync } from 'node:child_process';
import { cp, readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface PackageBuild {
  readonly dir: string;
  readonly platform: 'node' | 'neutral' | 'browser';
  /** Entry points under src/ (default: index.ts). */
  readonly entries?: readonly string[];
  /** File by file instead of bundled (see above). */
  readonly unbundled?: boolean;
}

/** In dependency order: a package comes after everything it imports. */
const PACKAGES: readonly PackageBuild[] = [
  { dir: 'packages/spec', platform: 'neutral' },
  { dir: 'packages/client', platform: 'neutral' },
  { dir: 'packages/react', platform: 'browser' },
  { dir: 'packages/ui', platform: 'browser', unbundled: true },
  { dir: 'packages/server', platform: 'node' },
  { dir: 'packages/testing', platform: 'node' },
  { dir: 'packages/create-ninefold', platform: 'node' },
  { dir: 'packages/cli', platform: 'node', entries: ['index.ts', 'main.ts'] },
];

const jsOnly = process.argv.includes('--js-only');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const started = performance.now();
for (const pkg of PACKAGES) {
  if (only.length > 0 && !only.some((name) => pkg.dir.endsWith(name))) continue;
  const dist = join(ROOT, pkg.dir, 'dist');
  // A JavaScript-only build overwrites in place: processes started by other tests may be
  // reading dist/ at that moment, and the declarations stay.
  if (!jsOnly) await rm(dist, { recursive: true, force: true });
  await buildJs(pkg, dist);
  if (!jsOnly) declarations(pkg, dist);
  // The scaffold's helpdesk template is a copy of examples/helpdesk, made with its own code.
  if (pkg.dir === 'packages/create-ninefold')
    execFileSync(process.execPath, [join(ROOT, pkg.dir, 'scripts/copy-templates.mjs')], { stdio: 'inherit' });
}
console.log(
  `✓ built ${only.length || PACKAGES.length} packages in ${Math.round(performance.now() - started)} ms`,
);

async function buildJs(pkg: PackageBuild, dist: string): Promise<void> {
  const src = join(ROOT, pkg.dir, 'src');
  const common: BuildOptions = {
    outdir: dist,
    format: 'esm',
    platform: pkg.platform,
    target: pkg.platform === 'node' ? 'node20' : 'es2022',
    sourcemap: true,
    jsx: 'automatic',
    logLevel: 'warning',
  };
  if (pkg.unbundled) {
    const files = (await sources(src)).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
    await build({ ...common, entryPoints: files, outbase: src, bundle: false });
    for (const css of (await sources(src)).filter((f) => f.endsWith('.css')))
      await cp(css, join(dist, relative(src, css)));
    return;
  }
  await build({
    ...common,
    entryPoints: (pkg.entries ?? ['index.ts']).map((e) => join(src, e)),
    bundle: true,
    splitting: true,
    packages: 'external',
    chunkNames: 'chunks/[name]-[hash]',
  });
}

/** Every file under `dir` that is not a test. */
async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !/\.test(-d)?\.tsx?$|\.test\.ts$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Declarations (and their maps) under dist/types, from the package's entry points. */
function declarations(pkg: PackageBuild, dist: string): void {
  const src = join(ROOT, pkg.dir, 'src');
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const options: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: true,
    rootDir: src,
    outDir: join(dist, 'types'),
    // The other packages by their published declarations, as an app sees them.
    customConditions: [],
  };
  const entries = (pkg.entries ?? ['index.ts']).map((e) => join(src, e));
  const roots = pkg.unbundled
    ? ts.sys.readDirectory(src, ['.ts', '.tsx'], ['**/*.test.ts', '**/*.test.tsx', '**/*.test-d.ts'])
    : entries;
  const program = ts.createProgram(roots, options);
  const result = program.emit(undefined, undefined, undefined, true);
  // Only what stops the declarations being right: the code itself is type-checked against
  // the other packages' sources by `npm run typecheck`; checked here against their emitted
  // declarations, generic bodies can fail to match the expanded forms of inferred types.
  const problems = [
    ...program.getOptionsDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...program.getDeclarationDiagnostics(),
    ...result.diagnostics,
  ];
  if (problems.length > 0) {
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => ROOT,
      getNewLine: () => '\n',
    };
    console.error(ts.formatDiagnosticsWithColorAndContext(problems, host));
    throw new Error(`${pkg.dir}: declarations failed`);
  }
}
