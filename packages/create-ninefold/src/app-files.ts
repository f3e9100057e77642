/**
 * The files every new app gets whatever its template: package.json (the `@ninefold/*` packages
 * at the version of this scaffold), tsconfig.json and .gitignore. One home, so every app,
 * the helpdesk included, is set up alike.
 */

/** The third-party packages an app needs, at the versions Ninefold is built and tested with. */
export const THIRD_PARTY_VERSIONS = {
  react: '^19.2.0',
  'react-dom': '^19.2.0',
  '@types/node': '^20.19.0',
  '@types/react': '^19.2.0',
  typescript: '~5.9.3',
  vitest: '~4.1.12',
} as const;

/** Every `@ninefold/*` package an app depends on: the CLI runs it, the rest its code imports. */
export const NINEFOLD_PACKAGES = [
  '@ninefold/cli',
  '@ninefold/client',
  '@ninefold/react',
  '@ninefold/server',
  '@ninefold/spec',
  '@ninefold/ui',
] as const;

/** What an app's `npm run …` does: the same in every app. */
export const APP_SCRIPTS = {
  dev: 'ninefold dev',
  build: 'ninefold build',
  start: 'ninefold start',
  demo: 'ninefold start --demo',
  check: 'ninefold check',
  test: 'vitest run',
  typecheck: 'tsc --noEmit',
} as const;

/**
 * An app's package.json.
 * @example appPackageJson('my-app', '0.1.0').dependencies['@ninefold/cli'] // '^0.1.0'
 */
export function appPackageJson(name: string, ninefoldVersion: string) {
  const range = `^${ninefoldVersion}`;
  const v = THIRD_PARTY_VERSIONS;
  return {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    scripts: { ...APP_SCRIPTS },
    dependencies: {
      ...Object.fromEntries(NINEFOLD_PACKAGES.map((p) => [p, range])),
      react: v.react,
      'react-dom': v['react-dom'],
    },
    devDependencies: {
      // The kit is for the app's tests only: never installed in production.
      '@ninefold/testing': range,
      '@types/node': v['@types/node'],
      '@types/react': v['@types/react'],
      typescript: v.typescript,
      vitest: v.vitest,
    },
    engines: { node: '>=20.19' },
  };
}

/**
 * An app's tsconfig.json: strict, resolved as a bundler does (what Vite and tsx do), JSX for React.
 * @example JSON.stringify(APP_TSCONFIG.compilerOptions.jsx) // '"react-jsx"'
 */
export const APP_TSCONFIG = {
  compilerOptions: {
    target: 'ES2023',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    strict: true,
    noUncheckedIndexedAccess: true,
    // The spec's inferred types are written for it (optional means absent, not undefined).
    exactOptionalPropertyTypes: true,
    noFallthroughCasesInSwitch: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    skipLibCheck: true,
    resolveJsonModule: true,
    jsx: 'react-jsx',
    types: ['node'],
    noEmit: true,
  },
  include: ['**/*.ts', '**/*.tsx'],
  exclude: ['node_modules', '.data', '.ninefold', 'dist'],
} as const;

/** What git leaves out of an app: installed packages, the local database, what the CLI generates. */
export const APP_GITIGNORE = ['node_modules/', '.data/', '.ninefold/', 'dist/', '*.log', ''].join('\n');

/**
 * A file's text as JSON files are written: two spaces, a final newline.
 * @example jsonText({ a: 1 }) // '{\n  "a": 1\n}\n'
 */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
