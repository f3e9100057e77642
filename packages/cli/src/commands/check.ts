/**
 * `ninefold check [appDir]`: checks the spec and lists every problem, or says what it holds.
 */

import type { App } from '@ninefold/spec';
import { checkApp } from '@ninefold/spec';
import type { Command } from '../command';
import { loadApp, problemLines } from '../load-app';

/**
 * The `check` command: exit 0 when the spec is valid, 1 when it has problems.
 * @example await check.run({ positionals: ['examples/helpdesk'], values: {} }, io) // 0
 */
export const check: Command = {
  usage: 'check [appDir]',
  async run({ positionals }, io) {
    const [appDir = '.', ...extra] = positionals;
    if (extra.length > 0) {
      io.err(
        `ninefold check takes one app directory, not ${positionals.length}\nusage: ninefold ${check.usage}`,
      );
      return 2;
    }
    const app = await loadApp(appDir, io.cwd);
    const { ok, problems } = checkApp(app);
    if (ok) {
      io.out(`✓ ${app.about.name}: the spec is valid (${summary(app)})`);
      return 0;
    }
    for (const line of problemLines(problems)) io.out(line);
    io.out(`${count(problems.length, 'problem')} found`);
    return 1;
  },
};

function summary(app: App): string {
  const transitions = Object.values(app.entities).reduce(
    (n, e) => n + Object.keys(e.states?.transitions ?? {}).length,
    0,
  );
  return [
    count(Object.keys(app.entities).length, 'entity', 'entities'),
    count(transitions, 'transition'),
    count(Object.keys(app.actions).length, 'action'),
    count(Object.keys(app.screens).length, 'screen'),
  ].join(', ');
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
