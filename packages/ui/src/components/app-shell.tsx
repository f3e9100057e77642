/**
 * The page frame: a skip link, the header, the main region every page renders into (under
 * the banner of an account that has yet to confirm its address), and the toaster (which
 * follows the theme).
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { VerifyBanner } from '../account/verify-banner';
import { useTheme } from '../theme/theme-toggle';
import { AppHeader } from './app-header';

// Loaded after the first render: no page needs a toast before it is drawn, and the toaster
// (with the styles it inserts) was a tenth of the JavaScript run before anything showed.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * @example <AppShell><ScreenRoutes /></AppShell>
 */
export function AppShell({ children }: { readonly children: ReactNode }) {
  const [theme] = useTheme();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader />
      <main id="main" className="app-main" tabIndex={-1}>
        <VerifyBanner />
        {children}
      </main>
      <Suspense fallback={null}>
        <Toaster theme={theme} position="bottom-right" closeButton containerAriaLabel="Notifications" />
      </Suspense>
    </>
  );
}
