/**
 * A small app with a UI of its own, written into a scratch folder for the UI tests of `build`,
 * `start` and `dev`: one public custom screen (`/hello`) whose component lives in the app's
 * `ui/` folder, and a tsconfig.json so `dev` type-checks it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './run-cli';

/** What the app's own component shows. */
export const GREETING = 'Hello from the greeter’s own UI';

/** The spec, with its one screen. `COLUMNS` is where a test breaks it. */
export const GREETER_APP = `import { defineApp, entity, f } from '@ninefold/spec';

const notes = entity({
  fields: { text: f.text({ max: 100 }) },
  access: { read: { anonymous: true }, create: { member: true } },
});

export default defineApp({
  about: { name: 'Greeter', summary: 'Says hello.', audience: 'Anyone.' },
  roles: { member: { signUp: true }, admin: { admin: true } },
  entities: { notes },
  screens: {
    notes: { route: '/notes', kind: 'list', title: 'Notes', entity: 'notes', columns: ['text'], roles: ['anonymous', 'member'] },
    hello: { route: '/hello', kind: 'custom', title: 'Hello', component: 'Hello', roles: ['anonymous', 'member'] },
  },
});
`;

/** The app's component: a file that exports components only, so Fast Refresh can swap it. */
export function greetingSource(text: string): string {
  return `export function Greeting() {
  return <p data-testid="greeting">${text}</p>;
}
`;
}

const REGISTRY = `import { defineUi } from '@ninefold/ui';
import { Greeting } from './greeting';

export default defineUi({ components: { Hello: Greeting } });
`;

/**
 * Writes the greeter into `dir` (inside this repository, so its imports resolve from the
 * workspace's node_modules).
 * @example writeGreeterApp(scratchDir('build-ui'));
 */
export function writeGreeterApp(dir: string, options: { ui?: boolean } = {}): void {
  writeFileSync(join(dir, 'app.ts'), GREETER_APP);
  // The repository's compiler settings; include and exclude are the app's own (the root's
  // exclude names examples/*/.data, where scratch apps live).
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), include: ['**/*.ts', '**/*.tsx'], exclude: [] }),
  );
  if (options.ui === false) return;
  mkdirSync(join(dir, 'ui'), { recursive: true });
  writeFileSync(join(dir, 'ui', 'index.tsx'), REGISTRY);
  writeFileSync(join(dir, 'ui', 'greeting.tsx'), greetingSource(GREETING));
}
