/**
 * Pages for signed-in users: while the session is unknown a note, when signed out a
 * redirect to sign-in that comes back here afterwards.
 */
import type { ReactNode } from 'react';
import { Redirect } from '../router/redirect';
import { useRouter } from '../router/router-provider';
import { useSession } from './session-provider';

/**
 * @example { path: '/', render: () => <RequireSignedIn><HomePage /></RequireSignedIn> }
 */
export function RequireSignedIn({ children }: { readonly children: ReactNode }) {
  const { user } = useSession();
  const { location } = useRouter();
  if (user === undefined) return <p className="page-note">Loading…</p>;
  if (user === null) {
    const here = `${location.pathname}${location.search}`;
    return <Redirect to={here === '/' ? '/login' : `/login?next=${encodeURIComponent(here)}`} />;
  }
  return <>{children}</>;
}
