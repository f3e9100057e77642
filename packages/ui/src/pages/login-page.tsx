/**
 * Sign in with email and password. A failure is one message for both fields (the server
 * does not say which was wrong, on purpose).
 */
import { type FormEvent, useRef, useState } from 'react';
import { ACCOUNT_ROUTES } from '../account/account-screens';
import { PageTitle } from '../components/page-title';
import { ProblemAlert } from '../components/problem-alert';
import { TextInput } from '../components/text-input';
import { focusFirstInvalid } from '../forms/focus-first-invalid';
import { useMeta } from '../meta/meta-provider';
import type { PageProps } from '../registry/ui-registry';
import { Link } from '../router/link';
import { useRouter } from '../router/router-provider';
import { useSession } from '../session/session-provider';

/**
 * @example <LoginPage name="login" screen={meta.screens.login!} params={{}} />
 */
export function LoginPage({ screen }: PageProps) {
  const meta = useMeta();
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<readonly string[]>([]);
  const [problem, setProblem] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const title = screen.title;
  const signUpOpen = Object.values(meta.roles).some((r) => r.signUp === true);
  const signUpRoute = Object.values(meta.screens).find((s) => s.kind === 'signup')?.route;
  // Keeps `?next=`, so signing up also goes back to where sign-in was asked for.
  const { search } = useRouter().location;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = [email.trim() === '' ? 'email' : '', password === '' ? 'password' : ''].filter(Boolean);
    setMissing(empty);
    setProblem(undefined);
    if (empty.length > 0) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      // On success the session changes and the screen's gate sends the user on (`?next=`).
      await signIn(email, password);
    } catch (e) {
      setProblem(e);
      setBusy(false);
    }
  };

  return (
    <div className="narrow">
      <PageTitle>{title}</PageTitle>
      <form ref={formRef} noValidate onSubmit={submit} aria-label={title}>
        {problem !== undefined && <ProblemAlert error={problem} />}
        <TextInput
          id="login-email"
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          errors={missing.includes('email') ? ['Email is required.'] : undefined}
        />
        <TextInput
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          errors={missing.includes('password') ? ['Password is required.'] : undefined}
        />
        <div className="form-actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </div>
      </form>
      <p>
        <Link to={ACCOUNT_ROUTES.forgotPassword}>Forgot your password?</Link>
      </p>
      {signUpOpen && signUpRoute && (
        <p>
          New here? <Link to={`${signUpRoute}${search}`}>Create an account</Link>
        </p>
      )}
    </div>
  );
}
