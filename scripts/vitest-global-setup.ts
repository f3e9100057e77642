/**
 * Before any test: the packages' JavaScript is rebuilt from their sources (under a second), so
 * the processes tests start — the `ninefold` binary, an app's UI build — run the code under
 * test, as an app would run it, while the tests themselves import the sources.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const script = fileURLToPath(new URL('./build-packages.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url));
  execFileSync(process.execPath, [tsx, script, '--js-only'], { stdio: 'inherit' });
}
