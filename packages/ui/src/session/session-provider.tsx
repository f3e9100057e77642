/**
 * Who is signed in. The session lives in an HttpOnly cookie the page cannot read, so the
 * server is asked (`/api/auth/me`) and told (sign-in, sign-up, sign-out).
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../api/api-error';
import { apiFetch } from '../api/api-fetch';
import type { SessionUser } from '../api/api-types';

export interface SignUpInput {
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

export interface SessionValue {
  /** Undefined while the first `/api/auth/me` is on its way; null when signed out. */
  readonly user: SessionUser | null | undefined;
  /** The caller's role for permission checks: `anonymous` when signed out. */
  readonly role: string;
  signIn(email: string, password: string): Promise<SessionUser>;
  signUp(input: SignUpInput): Promise<SessionUser>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/**
 * Provides the session to the tree.
 * @example <SessionProvider><Routes routes={routes} fallback={null} /></SessionProvider>
 */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<{ user: SessionUser }>('/api/auth/me', { signal: controller.signal }).then(
      (answer) => setUser(answer.user),
      (e: unknown) => {
        if (e instanceof ApiError) setUser(null);
      },
    );
    return () => controller.abort();
  }, []);

  const signIn = useCallback(async (email: string, password: string) => {
    const answer = await apiFetch<{ user: SessionUser }>('/api/auth/login', {
      method: 'POST',
      body: { email, password },
    });
    setUser(answer.user);
    return answer.user;
  }, []);

  const signUp = useCallback(async (input: SignUpInput) => {
    const answer = await apiFetch<{ user: SessionUser }>('/api/auth/signup', { method: 'POST', body: input });
    setUser(answer.user);
    return answer.user;
  }, []);

  const signOut = useCallback(async () => {
    try {
      await apiFetch('/api/auth/logout', { method: 'POST' });
    } finally {
      // Signed out here even if the server could not be told: the page must not go on as them.
      setUser(null);
    }
  }, []);

  const value = useMemo(
    () => ({ user, role: user?.role ?? 'anonymous', signIn, signUp, signOut }),
    [user, signIn, signUp, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The session: the signed-in user and the calls that change it.
 * @example const { user, signOut } = useSession();
 */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() must be used inside <SessionProvider>.');
  return value;
}
