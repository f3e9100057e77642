/**
 * The page frame: a skip link, the header, the main region every page renders into, and
 * the toaster (which follows the theme).
 */
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '../theme/theme-toggle';
import { AppHeader } from './app-header';

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
        {children}
      </main>
      <Toaster theme={theme} position="bottom-right" closeButton containerAriaLabel="Notifications" />
    </>
  );
}
