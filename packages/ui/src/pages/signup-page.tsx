/**
 * Sign up: name, email and password. Name and email are checked in the browser by the
 * spec's validator on the users entity (the server runs the same check); the password by the
 * account forms' rule (its lengths), the server adding its list of common passwords, whose
 * field errors show beside their inputs.
 */
import { validateFields } from '@ninefold/spec';
import { type FormEvent, useRef, useState } from 'react';
import { passwordHint, passwordProblem } from '../account/password-rule';
import { PageTitle } from '../components/page-title';
import { ProblemAlert } from '../components/problem-alert';
import { TextInput } from '../components/text-input';
import { fieldProblems } from '../feedback/problem-message';
import { focusFirstInvalid } from '../forms/focus-first-invalid';
import { type Issue, issuesByField } from '../forms/form-values';
import { useMeta } from '../meta/meta-provider';
import type { PageProps } from '../registry/ui-registry';
import { Link } from '../router/link';
import { useRouter } from '../router/router-provider';
import { useSession } from '../session/session-provider';

const FIELDS = ['name', 'email', 'password'] as const;

/**
 * @example <SignupPage name="signup" screen={meta.screens.signup!} params={{}} />
 */
export function SignupPage({ screen }: PageProps) {
  const meta = useMeta();
  const { signUp } = useSession();
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [issues, setIssues] = useState<readonly Issue[]>([]);
  const [problem, setProblem] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const title = screen.title;
  const rule = meta.auth?.password;
  const { search } = useRouter().location;
  const open = Object.values(meta.roles).some((r) => r.signUp === true);
  const userFields = meta.entities.users?.fields ?? {};

  const set = (name: (typeof FIELDS)[number]) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setIssues((all) => all.filter((i) => i.path !== name));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const own = {
      ...(userFields.name ? { name: userFields.name } : {}),
      ...(userFields.email ? { email: userFields.email } : {}),
    };
    const checked = validateFields(own, { name: values.name, email: values.email }, { mode: 'create' });
    const found: Issue[] = checked.ok ? [] : [...checked.issues];
    const weak = passwordProblem(values.password, rule);
    if (weak) found.push({ path: 'password', message: weak });
    setIssues(found);
    if (found.length > 0) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      // On success the session changes and the screen's gate sends the new user on.
      await signUp(values);
    } catch (e) {
      const fieldIssues = fieldProblems(e);
      setIssues(fieldIssues);
      if (fieldIssues.length === 0 || issuesByField(fieldIssues, FIELDS).other.length > 0) setProblem(e);
      setBusy(false);
      focusFirstInvalid(formRef.current);
    }
  };

  if (!open) {
    return (
      <div className="narrow">
        <PageTitle>{title}</PageTitle>
        <p>
          Accounts are created by an administrator. <Link to="/login">Sign in</Link>
        </p>
      </div>
    );
  }

  const { byField, other } = issuesByField(issues, FIELDS);
  return (
    <div className="narrow">
      <PageTitle>{title}</PageTitle>
      <form ref={formRef} noValidate onSubmit={submit} aria-label={title}>
        {problem !== undefined && <ProblemAlert error={problem} issues={other} />}
        <TextInput
          id="signup-name"
          label="Name"
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          errors={byField.name}
        />
        <TextInput
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          errors={byField.email}
        />
        <TextInput
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={passwordHint(rule)}
          value={values.password}
          onChange={set('password')}
          errors={byField.password}
        />
        <div className="form-actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Creating your account…' : 'Create account'}
          </button>
        </div>
      </form>
      <p>
        Already have an account? <Link to={`/login${search}`}>Sign in</Link>
      </p>
    </div>
  );
}
