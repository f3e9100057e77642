/**
 * `ninefold start [appDir] [--port N] [--demo]`: serves the app, API and UI on one port. The
 * UI is what `ninefold build` made in `<appDir>/.ninefold/dist`; without it, the API alone.
 */
import { appDirArg } from '../app-dir-arg';
import type { Command } from '../command';
import { listenOptions } from '../listen-options';
import { mailEnv } from '../mail-env';
import { trustProxy } from '../trust-proxy';

/**
 * The `start` command: runs until SIGINT or SIGTERM, then answers 0. `--demo` (what
 * `npm start` passes) seeds demo data into a database without users; without it nothing
 * is ever seeded, and mail must be set up (SMTP_URL and APP_URL, or MAIL_OUTBOX=1 knowingly).
 * @example await start.run({ positionals: ['examples/helpdesk'], values: { demo: true } }, io)
 */
export const start: Command = {
  usage: 'start [appDir] [--port N] [--demo]',
  options: { port: { type: 'string' }, demo: { type: 'boolean' } },
  async run({ positionals, values }, io) {
    const appDir = appDirArg(positionals);
    const { port, host } = listenOptions(values.port as string | undefined, io.env);
    const env = io.env ?? process.env;
    const proxies = trustProxy(env);
    const demo = values.demo === true;
    const mail = mailEnv(env, { demo });
    // Loaded only now: the server and its drivers take seconds to import, and a mistyped
    // command line deserves its answer at once.
    const { serveApp } = await import('../serve-app');
    await serveApp({ appDir, port, host, demo, trustProxy: proxies, mail }, io);
    return 0;
  },
};
