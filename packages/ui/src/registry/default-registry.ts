/**
 * The UI's own named components. The admin console loads only when it is first drawn, so its
 * code is never in the bundle of a page that does not show it.
 */
import { lazy } from 'react';
import type { UiRegistry } from './ui-registry';

const AdminConsole = lazy(() => import('../admin/admin-console'));

/**
 * Defaults every app gets; an app's registry can replace any of them.
 * @example mergeRegistries(DEFAULT_REGISTRY, defineUi({ components: { AdminConsole: MyConsole } }))
 */
export const DEFAULT_REGISTRY: UiRegistry = {
  components: { AdminConsole },
};
