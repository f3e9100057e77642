/**
 * The app's routes, made from its screens (the spec's and the app's own), with a proper
 * not-found page for everything else.
 */
import { useMemo } from 'react';
import { useMeta } from '../meta/meta-provider';
import { NotFoundPage } from '../pages/not-found-page';
import { useRegistry } from '../registry/registry-provider';
import { useRouter } from '../router/router-provider';
import { type RouteDef, Routes } from '../router/routes';
import { addedScreens } from './app-screens';
import { BUILT_IN_SCREENS, screenEntries } from './screen-entries';
import { ScreenPage } from './screen-page';

/**
 * @example <ScreenRoutes />
 */
export function ScreenRoutes() {
  const meta = useMeta();
  const registry = useRegistry();
  const { location } = useRouter();
  const routes = useMemo<RouteDef[]>(
    () =>
      screenEntries({ ...BUILT_IN_SCREENS, ...meta.screens }, addedScreens(meta, registry)).map(
        ({ name, screen }) => ({
          path: screen.route,
          // Keyed by path, so moving between two records of one screen starts the page afresh.
          render: (params) => (
            <ScreenPage key={location.pathname} name={name} screen={screen} params={params} />
          ),
        }),
      ),
    [meta, registry, location.pathname],
  );
  return <Routes routes={routes} fallback={<NotFoundPage />} />;
}
