/**
 * The header: the app's name, and who is signed in with a way out — or ways in.
 */
import { useState } from 'react';
import { useMeta } from '../meta/meta-provider';
import { Link } from '../router/link';
import { useRouter } from '../router/router-provider';
import { useSession } from '../session/session-provider';

/**
 * @example <AppHeader />
 */
export function AppHeader() {
  const meta = useMeta();
  const { user, signOut } = useSession();
  const { navigate } = useRouter();
  const [leaving, setLeaving] = useState(false);
  const signUpOpen = Object.values(meta.roles).some((r) => r.signUp === true);

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
      <nav aria-label="Account" className="account">
        {user ? (
          <>
            <span className="who">
              Signed in as <strong>{String(user.name ?? user.email)}</strong>
              <span className="role"> ({meta.roles[user.role]?.label ?? user.role})</span>
            </span>
            <button type="button" className="secondary" onClick={leave} disabled={leaving}>
              Sign out
            </button>
          </>
        ) : user === null ? (
          <>
            <Link to="/login">Sign in</Link>
            {signUpOpen && <Link to="/signup">Sign up</Link>}
          </>
        ) : null}
      </nav>
    </header>
  );
}
