/**
 * Sign in with email and password. A failure is one message for both fields (the server
 * does not say which was wrong, on purpose).
 */
import { type FormEvent, useRef, useState } from 'react';
import { PageTitle } from '../components/page-title';
import { ProblemAlert } from '../components/problem-alert';
import { TextInput } from '../components/text-input';
import { focusFirstInvalid } from '../forms/focus-first-invalid';
import { useMeta } from '../meta/meta-provider';
import { Link } from '../router/link';
import { useSession } from '../session/session-provider';

/**
 * @example { path: '/login', render: () => <AnonymousOnly><LoginPage /></AnonymousOnly> }
 */
export function LoginPage() {
  const meta = useMeta();
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<readonly string[]>([]);
  const [problem, setProblem] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const title = Object.values(meta.screens).find((s) => s.kind === 'login')?.title ?? 'Sign in';
  const signUpOpen = Object.values(meta.roles).some((r) => r.signUp === true);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = [email.trim() === '' ? 'email' : '', password === '' ? 'password' : ''].filter(Boolean);
    setMissing(empty);
    setProblem(undefined);
    if (empty.length > 0) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      // On success the session changes and AnonymousOnly sends the user on.
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
      {signUpOpen && (
        <p>
          New here? <Link to="/signup">Create an account</Link>
        </p>
      )}
    </div>
  );
}
