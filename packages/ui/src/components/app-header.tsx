/**
 * The header: the app's name, the navigation, the theme switch, and who is signed in with
 * their notifications, their account page and a way out — or ways in.
 */
import { useState } from 'react';
import { ACCOUNT_ROUTES } from '../account/account-screens';
import { useMeta } from '../meta/meta-provider';
import { NotificationBell } from '../notifications/notification-bell';
import { Link } from '../router/link';
import { useRouter } from '../router/router-provider';
import { useSession } from '../session/session-provider';
import { ThemeToggle } from '../theme/theme-toggle';
import { AppNav } from './app-nav';

/**
 * @example <AppHeader />
 */
export function AppHeader() {
  const meta = useMeta();
  const { user, role, signOut } = useSession();
  const { navigate } = useRouter();
  const [leaving, setLeaving] = useState(false);
  const signUp = Object.values(meta.screens).find((s) => s.kind === 'signup');
  const signUpOpen = signUp && Object.values(meta.roles).some((r) => r.signUp === true);

  const leave = async () => {
    setLeaving(true);
    try {
      await signOut();
    } finally {
      setLeaving(false);
      navigate('/login');
    }
  };

  return (
    <header className="app-header">
      <Link to="/" className="brand">
        {meta.about.name}
      </Link>
      <AppNav />
      <div className="account">
        <ThemeToggle />
        {user ? (
          <>
            <span className="who">
              <span className="visually-hidden">Signed in as </span>
              <strong>{String(user.name ?? user.email)}</strong>
              <span className="role"> · {meta.roles[role]?.label ?? role}</span>
            </span>
            <NotificationBell />
            <Link to={ACCOUNT_ROUTES.account} className="account-link">
              Account
            </Link>
            <button type="button" className="secondary small" onClick={leave} disabled={leaving}>
              Sign out
            </button>
          </>
        ) : user === null ? (
          <>
            <Link to="/login">Sign in</Link>
            {signUpOpen && <Link to={signUp.route}>Sign up</Link>}
          </>
        ) : null}
      </div>
    </header>
  );
}
