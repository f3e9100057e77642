/**
 * The UI's own named components. The admin console is built in ../admin by its own issue;
 * it is found with a glob import, so until its file exists the build simply has no
 * `AdminConsole` (and /admin says the page is not available) instead of failing.
 */
import { type ComponentType, lazy } from 'react';
import type { PageProps, UiRegistry } from './ui-registry';

const admin = import.meta.glob<{ default: ComponentType<PageProps> }>('../admin/admin-console.tsx');
const loadAdmin = admin['../admin/admin-console.tsx'];

/** Defaults every app gets; an app's registry can replace any of them. */
export const DEFAULT_REGISTRY: UiRegistry = {
  components: loadAdmin ? { AdminConsole: lazy(loadAdmin) } : {},
};
