/**
 * The whole client: meta, session and router around the page frame and the routes. Routes
 * are data; later issues add the spec's `screens` to them, one page kind at a time.
 */
import { AppShell } from './components/app-shell';
import { RefTitlesProvider } from './hooks/ref-titles-provider';
import { MetaProvider } from './meta/meta-provider';
import { HomePage } from './pages/home-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { SignupPage } from './pages/signup-page';
import { RouterProvider } from './router/router-provider';
import { type RouteDef, Routes } from './router/routes';
import { AnonymousOnly } from './session/anonymous-only';
import { RequireSignedIn } from './session/require-signed-in';
import { SessionProvider } from './session/session-provider';

/** The routes of this first client. */
export const ROUTES: readonly RouteDef[] = [
  {
    path: '/login',
    render: () => (
      <AnonymousOnly>
        <LoginPage />
      </AnonymousOnly>
    ),
  },
  {
    path: '/signup',
    render: () => (
      <AnonymousOnly>
        <SignupPage />
      </AnonymousOnly>
    ),
  },
  {
    path: '/',
    render: () => (
      <RequireSignedIn>
        <HomePage />
      </RequireSignedIn>
    ),
  },
];

/**
 * @example createRoot(document.getElementById('root')!).render(<App />);
 */
export function App() {
  return (
    <MetaProvider>
      <SessionProvider>
        <RouterProvider>
          <RefTitlesProvider>
            <AppShell>
              <Routes routes={ROUTES} fallback={<NotFoundPage />} />
            </AppShell>
          </RefTitlesProvider>
        </RouterProvider>
      </SessionProvider>
    </MetaProvider>
  );
}
