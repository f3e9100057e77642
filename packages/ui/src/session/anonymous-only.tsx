/**
 * Pages for visitors who are not signed in (sign-in, sign-up). A signed-in user is sent on
 * to the page that asked for sign-in (`?next=`), else home — which is also how a
 * successful sign-in leaves the form.
 */
import type { ReactNode } from 'react';
import { safeReturnPath } from '../router/match-route';
import { Redirect } from '../router/redirect';
import { useRouter } from '../router/router-provider';
import { useSession } from './session-provider';

/**
 * @example { path: '/login', render: () => <AnonymousOnly><LoginPage /></AnonymousOnly> }
 */
export function AnonymousOnly({ children }: { readonly children: ReactNode }) {
  const { user } = useSession();
  const { location } = useRouter();
  if (user === undefined) return <p className="page-note">Loading…</p>;
  if (user) return <Redirect to={safeReturnPath(new URLSearchParams(location.search).get('next'))} />;
  return <>{children}</>;
}
