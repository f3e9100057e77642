/**
 * `ninefold openapi [appDir] [--out file]`: the OpenAPI 3.1 document of the app's API, the
 * same one the server answers at `/api/openapi.json`.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openApi } from '@ninefold/spec';
import { appDirArg } from '../app-dir-arg';
import type { Command } from '../command';
import { loadApp } from '../load-app';

/**
 * The `openapi` command: prints the JSON, or writes it to `--out` and says where.
 * @example await openapi.run({ positionals: ['examples/helpdesk'], values: { out: 'openapi.json' } }, io)
 */
export const openapi: Command = {
  usage: 'openapi [appDir] [--out file]',
  options: { out: { type: 'string', short: 'o' } },
  async run({ positionals, values }, io) {
    const app = await loadApp(appDirArg(positionals), io.cwd);
    const json = JSON.stringify(openApi(app), null, 2);
    if (typeof values.out !== 'string') {
      io.out(json);
      return 0;
    }
    const file = resolve(io.cwd, values.out);
    writeFileSync(file, `${json}\n`);
    io.out(`✓ wrote the OpenAPI document of ${app.about.name} to ${file}`);
    return 0;
  },
};
