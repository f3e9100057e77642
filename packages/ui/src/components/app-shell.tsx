/**
 * The page frame: a skip link, the header, and the main region every page renders into.
 */
import type { ReactNode } from 'react';
import { AppHeader } from './app-header';

/**
 * @example <AppShell><Routes routes={routes} fallback={<NotFoundPage />} /></AppShell>
 */
export function AppShell({ children }: { readonly children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader />
      <main id="main" className="app-main">
        {children}
      </main>
    </>
  );
}
