/**
 * What `ninefold dev` runs before it restarts the server on a change: the checker (`ninefold
 * check`) and TypeScript (`tsc --noEmit -p <appDir>`, when the app has a tsconfig.json), each
 * in a fresh process, since this one cannot unload the app's old modules. The server restarts
 * only when both pass.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { GENERATED_DIR } from '../ui/app-ui-source';
import { cliBin } from './cli-bin';

/** The verdict on the app as it now is. */
export interface GateResult {
  readonly ok: boolean;
  /** What failed, as the checker and tsc told it; empty when ok. */
  readonly message: string;
  /** Whether TypeScript ran (false: no tsconfig.json, or no TypeScript installed). */
  readonly typeChecked: boolean;
}

/** Where the app's TypeScript compiler is, or undefined when it has none. */
export interface TypeCheckPlan {
  readonly tsc: string | undefined;
  /** Why the type check is skipped, when it is. */
  readonly skipped?: string;
}

/**
 * Decides once whether the app is type-checked, and with which compiler: the app's own
 * TypeScript first, the one installed beside the CLI otherwise.
 * @example typeCheckPlan('/home/me/my-app') // { tsc: '/home/me/my-app/node_modules/typescript/bin/tsc' }
 */
export function typeCheckPlan(appDir: string): TypeCheckPlan {
  if (!existsSync(join(appDir, 'tsconfig.json')))
    return { tsc: undefined, skipped: `${appDir} has no tsconfig.json: skipping the TypeScript check` };
  for (const from of [join(appDir, 'package.json'), import.meta.filename]) {
    try {
      return { tsc: createRequire(from).resolve('typescript/bin/tsc') };
    } catch {
      // Not installed there: try the next place.
    }
  }
  return { tsc: undefined, skipped: 'TypeScript is not installed: skipping the TypeScript check' };
}

/**
 * Runs the checker and tsc side by side on the app and answers both verdicts as one.
 * @example const { ok, message } = await gateApp('/home/me/my-app', typeCheckPlan(dir), process.env);
 */
export async function gateApp(
  appDir: string,
  plan: TypeCheckPlan,
  env: NodeJS.ProcessEnv,
): Promise<GateResult> {
  const [spec, types] = await Promise.all([
    runNode([cliBin(), 'check', appDir], appDir, env),
    plan.tsc ? runNode([plan.tsc, ...tscArgs(appDir)], appDir, env) : undefined,
  ]);
  const parts: string[] = [];
  if (spec.code !== 0) parts.push(`ninefold check ${appDir}:\n${spec.output.trim()}`);
  if (types && types.code !== 0) parts.push(`tsc --noEmit -p ${appDir}:\n${types.output.trim()}`);
  return { ok: parts.length === 0, message: parts.join('\n\n'), typeChecked: types !== undefined };
}

/**
 * `--noEmit -p <appDir>`, incremental: the first check of a session takes seconds, the next
 * ones re-check only what changed (the state is kept in the generated, gitignored folder).
 */
function tscArgs(appDir: string): string[] {
  const info = join(appDir, GENERATED_DIR, 'tsc.tsbuildinfo');
  return ['--noEmit', '--incremental', '--tsBuildInfoFile', info, '--pretty', 'false', '-p', appDir];
}

interface Ran {
  readonly code: number | null;
  readonly output: string;
}

function runNode(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (output += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (output += s));
    child.once('error', (e) => resolve({ code: 1, output: e.message }));
    child.once('close', (code) => resolve({ code, output }));
  });
}
