/**
 * What the app asks for before its first render: the meta and the session together (index.html
 * has usually asked already: the client's `early` option takes those answers), then at once the
 * code of the page at the current address and that page's first data. Done by the providers and pages one after
 * another, the meta, the session, the page's code and its data were four round trips in a row;
 * now they take two, and the first render draws the page itself rather than placeholders it
 * then replaces (which also keeps the header from growing once the navigation is known).
 */
import type { MetaAnswer, NinefoldClient } from '@ninefold/client';
import { queryKeys } from '@ninefold/react';
import type { ScreenInput, ScreenKind } from '@ninefold/spec';
import type { QueryClient } from '@tanstack/react-query';
import type { AnyApp } from './data/ninefold';
import { prepareFormats } from './format/format-value';
import type { UiRegistry } from './registry/ui-registry';
import { matchRoute } from './router/match-route';
import { addedScreens } from './screens/app-screens';
import { preloadPageData } from './screens/page-data';
import { preloadPageKind } from './screens/page-kinds';
import { BUILT_IN_SCREENS, screenEntries, screenVisible } from './screens/screen-entries';
import { meQuery } from './session/me-query';

/** The page a person at an address sees first, when the generated UI draws it. */
export interface FirstPage {
  readonly kind: ScreenKind;
  /** The screen, when it is the one at the address (not the sign-in page a visitor is sent to). */
  readonly screen?: ScreenInput;
}

/**
 * The screen's own page when the person may see it, the sign-in page when a visitor is sent
 * there, nothing otherwise (an app's own page, a signed-in person sent on from sign-in, an
 * unknown address, a screen of another role).
 * @example firstPage(meta, {}, '/tickets', null) // { kind: 'login' }
 */
export function firstPage(
  meta: MetaAnswer,
  registry: UiRegistry,
  pathname: string,
  user: { readonly [field: string]: unknown } | null,
): FirstPage | undefined {
  const entry = screenEntries({ ...BUILT_IN_SCREENS, ...meta.screens }, addedScreens(meta, registry)).find(
    ({ screen }) => matchRoute(screen.route, pathname) !== null,
  );
  if (!entry || registry.pages?.[entry.name]) return undefined;
  const { screen } = entry;
  if (screen.kind === 'login' || screen.kind === 'signup') return user ? undefined : { kind: screen.kind };
  const role = typeof user?.role === 'string' ? user.role : 'anonymous';
  if (screenVisible(screen, role)) return { kind: screen.kind, screen };
  return user ? undefined : { kind: 'login' };
}

/**
 * Fills `queryClient` with the meta, the session and the first page's data, and loads that
 * page's code. Never fails: what could not be had is left to the providers and the page,
 * which ask again and show what went wrong.
 * @example await startUp(client, queryClient, registry, window.location); root.render(<App … />);
 */
export async function startUp(
  client: NinefoldClient<AnyApp>,
  queryClient: QueryClient,
  registry: UiRegistry,
  location: { readonly pathname: string; readonly search: string },
): Promise<void> {
  try {
    const [meta, user] = await Promise.all([
      queryClient.fetchQuery({
        // As nf.useMeta() asks it, so the provider finds it cached.
        queryKey: queryKeys.meta(),
        queryFn: () => client.meta(),
        staleTime: Number.POSITIVE_INFINITY,
      }),
      queryClient.fetchQuery(meQuery(client)),
    ]);
    const page = firstPage(meta, registry, location.pathname, user);
    if (!page) return;
    const code = preloadPageKind(page.kind);
    const data = page.screen
      ? preloadPageData(page.screen, { meta, client, queryClient, search: location.search })
      : undefined;
    // While the code and data are on their way, as a task of its own (it is not short); the
    // sign-in pages show no dates.
    if (page.kind !== 'login' && page.kind !== 'signup') setTimeout(prepareFormats, 0);
    await Promise.all([code, data]);
  } catch {
    // The providers and the page ask again and say what went wrong.
  }
}
