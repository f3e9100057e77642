/**
 * Who is signed in. The session lives in an HttpOnly cookie the page cannot read, so the
 * server is asked (`/api/auth/me`) and told (sign-in, sign-up, sign-out) through the client.
 * A change of person drops every cached answer (it was read as someone else) and reopens
 * the realtime socket, which speaks as whoever opened it. A session the server ends (signed
 * out in another tab, a role changed, the account disabled, expiry) needs nothing here: the
 * NinefoldProvider writes the same `me` entry, and the screen gate sends a visitor to sign in.
 */
import { queryKeys } from '@ninefold/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { type AnyUser, nf } from '../data/ninefold';
import { meQuery } from './me-query';
import { sessionRole } from './session-role';

export interface SignUpInput {
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

export interface SessionValue {
  /** Undefined while the first `/api/auth/me` is on its way; null when signed out. */
  readonly user: AnyUser | null | undefined;
  /** The caller's role for permission checks (`actingRole` when the server acts as another): `anonymous` when signed out. */
  readonly role: string;
  signIn(email: string, password: string): Promise<AnyUser>;
  signUp(input: SignUpInput): Promise<AnyUser>;
  signOut(): Promise<void>;
  /**
   * Takes the person an account flow signed in (a password reset, an accepted invitation) or
   * out (sign out everywhere), as sign-in and sign-out do.
   */
  adopt(user: AnyUser | null): void;
  /** Asks the server again who is signed in (after their email was confirmed, say). */
  reload(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);
const KEEP: ReadonlySet<unknown> = new Set(['$meta', '$me']);

/**
 * Provides the session to the tree.
 * @example <SessionProvider><Routes routes={routes} fallback={null} /></SessionProvider>
 */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const client = nf.useClient();
  const qc = useQueryClient();
  const me = useQuery(meQuery(client));

  const become = useCallback(
    (user: AnyUser | null) => {
      qc.removeQueries({ predicate: (q) => !KEEP.has(q.queryKey[1]) });
      qc.setQueryData(queryKeys.me(), user);
      client.close();
    },
    [qc, client],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const { user } = await client.auth.signIn({ email, password });
      become(user);
      return user;
    },
    [client, become],
  );

  const signUp = useCallback(
    async (input: SignUpInput) => {
      const { user } = await client.auth.signUp(input);
      become(user);
      return user;
    },
    [client, become],
  );

  const signOut = useCallback(async () => {
    try {
      await client.auth.signOut();
    } finally {
      // Signed out here even if the server could not be told: the page must not go on as them.
      become(null);
    }
  }, [client, become]);

  const reload = useCallback(async () => {
    await qc.invalidateQueries({ queryKey: queryKeys.me(), exact: true });
  }, [qc]);

  const user = me.isPending ? undefined : me.isError ? null : me.data;
  const value = useMemo(
    () => ({
      user,
      role: sessionRole(user),
      signIn,
      signUp,
      signOut,
      adopt: become,
      reload,
    }),
    [user, signIn, signUp, signOut, become, reload],
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
