/**
 * The production build of the helpdesk's UI, made as any app's is (`ninefold build`, through
 * the CLI's `buildAppUi`): the generated UI with the helpdesk's own `ui/` components, with its
 * manifest (.vite/manifest.json) and source maps. The scripts run the packages' dist/, so
 * `npm run build` first.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAppUi, defaultUiOutDir } from '@ninefold/cli';

/** packages/ui */
export const UI_DIR = fileURLToPath(new URL('..', import.meta.url));
/** examples/helpdesk: the app whose UI the scripts measure. */
export const HELPDESK = join(UI_DIR, '..', '..', 'examples', 'helpdesk');
/** examples/helpdesk/.ninefold/dist, where `ninefold build examples/helpdesk` puts it. */
export const DIST = defaultUiOutDir(HELPDESK);

/**
 * Builds the helpdesk's UI into `outDir` (default DIST) in production mode.
 * @example await buildUi(); // examples/helpdesk/.ninefold/dist
 */
export async function buildUi(outDir: string = DIST): Promise<void> {
  await buildAppUi(HELPDESK, { outDir });
}
