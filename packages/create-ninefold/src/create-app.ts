/**
 * `createApp({ dir, template })`: a new Ninefold app in a folder of its own. What
 * `npm create ninefold <dir>` and `ninefold new <dir>` do.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { APP_GITIGNORE, APP_TSCONFIG, appPackageJson, jsonText } from './app-files';
import { appTitle, packageName } from './app-name';
import { copyAppFiles, fillPlaceholders, listFiles } from './copy-app-files';
import {
  hasTemplate,
  isTemplate,
  scaffoldVersion,
  TEMPLATES,
  type TemplateName,
  templateDir,
} from './templates';

/**
 * A failure the person can fix (a folder in use, a template unknown), told in one line.
 * @example throw new CreateAppError('/home/me/my-app is not empty');
 */
export class CreateAppError extends Error {
  override readonly name = 'CreateAppError';
}

export interface CreateAppOptions {
  /** The new app's folder; made if missing, refused if it holds anything. */
  readonly dir: string;
  /** Default `blank`. */
  readonly template?: string;
  /** What a relative `dir` is relative to (default the process's). */
  readonly cwd?: string;
  /** The `@ninefold/*` version to depend on (default this package's own). */
  readonly version?: string;
}

/** What was made. */
export interface CreatedApp {
  /** The folder, absolute. */
  readonly dir: string;
  /** As given, for the next steps to say (`cd my-app`). */
  readonly dirArg: string;
  readonly packageName: string;
  readonly title: string;
  readonly template: TemplateName;
  /** The files made, relative to `dir`. */
  readonly files: readonly string[];
}

/**
 * Makes the app: the template's files, then package.json, tsconfig.json and .gitignore.
 * Installs nothing.
 * @example
 * const app = await createApp({ dir: 'my-app' });
 * app.files // ['.gitignore', 'README.md', 'app.test.ts', 'app.ts', 'package.json', 'seed.ts', 'tsconfig.json', 'ui/index.ts']
 */
export async function createApp(options: CreateAppOptions): Promise<CreatedApp> {
  const template = options.template ?? 'blank';
  if (!isTemplate(template)) {
    throw new CreateAppError(`unknown template '${template}': pick one of ${TEMPLATES.join(', ')}`);
  }
  if (!hasTemplate(template)) {
    throw new CreateAppError(
      `the ${template} template is missing from ${templateDir(template)} (in a checkout of Ninefold, run npm run build first)`,
    );
  }
  const cwd = options.cwd ?? process.cwd();
  const dir = resolve(cwd, options.dir);
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new CreateAppError(`${dir} is a file, not a folder`);
    // A fresh clone of an empty repository holds .git: that still counts as empty.
    if (readdirSync(dir).some((entry) => !IGNORED_WHEN_EMPTY.has(entry))) {
      throw new CreateAppError(`${dir} is not empty: a new app needs a folder of its own`);
    }
  }
  const name = packageName(basename(dir));
  const title = appTitle(basename(dir));
  mkdirSync(dir, { recursive: true });
  copyAppFiles(templateDir(template), dir);
  fillPlaceholders(dir, { appTitle: title, packageName: name });
  writeFileSync(
    join(dir, 'package.json'),
    jsonText(appPackageJson(name, options.version ?? scaffoldVersion())),
  );
  writeFileSync(join(dir, 'tsconfig.json'), jsonText(APP_TSCONFIG));
  writeFileSync(join(dir, '.gitignore'), APP_GITIGNORE);
  return { dir, dirArg: options.dir, packageName: name, title, template, files: listFiles(dir) };
}

/** What a folder may hold and still be "empty" for a new app. */
const IGNORED_WHEN_EMPTY = new Set(['.git', '.DS_Store']);

/** A path as one shell word: quoted in single quotes (no expansion) when it needs quoting. */
function shellWord(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

/**
 * What to do next, one line each.
 * @example nextSteps(app, '/home/me') // ['', '✓ Created My App in my-app (template: blank)', …]
 */
export function nextSteps(app: CreatedApp, cwd: string): string[] {
  const where = relative(cwd, app.dir) || '.';
  return [
    `✓ Created ${app.title} in ${where} (template: ${app.template}, ${app.files.length} files)`,
    '',
    'Next:',
    ...(where === '.' ? [] : [`  cd ${shellWord(where)}`]),
    '  npm install',
    '  npm run dev        # the API and the UI on http://127.0.0.1:3000, with demo data',
    '',
    'Then: npm test (its tests), npm run check (the spec), npm run build && npm start (production).',
    'The README in the folder says how to sign in, and how to deploy.',
  ];
}
