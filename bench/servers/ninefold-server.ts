/**
 * Child process: one Ninefold app variant on an SQLite file, listening on 127.0.0.1 on a
 * free port, which it reports to the parent over IPC. Usage: ninefold-server.ts <variant> <file>
 */
import { createNinefold } from '@ninefold/server';
import { APP_VARIANTS, type VariantName } from './app-variants';

const [variant, file] = process.argv.slice(2) as [VariantName, string];
const app = APP_VARIANTS[variant];
if (!app || !file)
  throw new Error(`usage: ninefold-server.ts <${Object.keys(APP_VARIANTS).join('|')}> <file>`);

const nf = await createNinefold(app, { database: file });
const address = await nf.server.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ url: address });

// SIGTERM closes cleanly (group commit drained), so a --cpu-prof profile is written.
process.on('SIGTERM', () => {
  void nf.close().then(() => process.exit(0));
});
