/**
 * Who may open a screen. Sign-in and sign-up are for visitors (a signed-in person goes on
 * to where they were headed); other screens are for their roles: a visitor is sent to sign
 * in and brought back here afterwards, a signed-in person of another role is told so.
 */
import type { ScreenInput } from '@ninefold/spec';
import type { ReactNode } from 'react';
import { PageSkeleton } from '../components/skeleton';
import { NotAllowedPage } from '../pages/not-allowed-page';
import { safeReturnPath } from '../router/match-route';
import { Redirect } from '../router/redirect';
import { useRouter } from '../router/router-provider';
import { useSession } from '../session/session-provider';
import { screenVisible } from './screen-entries';

/**
 * @example <ScreenGate screen={meta.screens.board!}><BoardPage … /></ScreenGate>
 */
export function ScreenGate({
  screen,
  children,
}: {
  readonly screen: ScreenInput;
  readonly children: ReactNode;
}) {
  const { user, role } = useSession();
  const { location } = useRouter();
  if (user === undefined) return <PageSkeleton />;
  if (screen.kind === 'login' || screen.kind === 'signup') {
    if (!user) return <>{children}</>;
    return <Redirect to={safeReturnPath(new URLSearchParams(location.search).get('next'))} />;
  }
  if (screenVisible(screen, role)) return <>{children}</>;
  if (!user) {
    const here = `${location.pathname}${location.search}`;
    return <Redirect to={here === '/' ? '/login' : `/login?next=${encodeURIComponent(here)}`} />;
  }
  return <NotAllowedPage />;
}
