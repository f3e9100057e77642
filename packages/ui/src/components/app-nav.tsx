/**
 * The main navigation: the screens of the signed-in role (or a visitor's), from the spec.
 * The current page is marked (aria-current) by the links themselves.
 */
import { useMeta } from '../meta/meta-provider';
import { useRegistry } from '../registry/registry-provider';
import { Link } from '../router/link';
import { useRouter } from '../router/router-provider';
import { addedScreens } from '../screens/app-screens';
import { navEntries } from '../screens/screen-entries';
import { useSession } from '../session/session-provider';

/** True when the link's section is the current page or contains it (`/tickets` for `/tickets/42`). */
function isWithin(route: string, pathname: string, routes: readonly string[]): boolean {
  if (route === pathname) return true;
  if (route === '/' || !pathname.startsWith(`${route}/`)) return false;
  // A more specific nav entry (`/tickets/board`) owns its own path.
  return !routes.some((r) => r !== route && r.length > route.length && pathname.startsWith(r));
}

/**
 * @example <AppNav />
 */
export function AppNav() {
  const meta = useMeta();
  const registry = useRegistry();
  const { role, user } = useSession();
  const { location } = useRouter();
  // Its room is kept while the session is unknown, so the header does not grow when it is.
  if (user === undefined) return <div className="main-nav" aria-hidden="true" />;
  const entries = navEntries(meta.screens, addedScreens(meta, registry), role);
  const routes = entries.map((e) => e.screen.route);
  return (
    <nav aria-label="Main" className="main-nav">
      <ul>
        {entries.map(({ name, screen }) => (
          <li key={name}>
            <Link
              to={screen.route}
              className={isWithin(screen.route, location.pathname, routes) ? 'nav-link active' : 'nav-link'}
            >
              {screen.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
