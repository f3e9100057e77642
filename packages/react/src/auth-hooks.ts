/**
 * `useAuth`: the signed-in user and every auth call. A call that changes who is signed in
 * (sign-in, sign-up, a reset or an invitation followed, sign-out here or everywhere) applies
 * the change to the query cache at once; confirming an email reads the user again, since the
 * role it acts as may change with it.
 */
import type { AppErrorOf, LinkToken, NinefoldClient, SessionUser } from '@ninefold/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { keys } from './query-keys';
import { applySession } from './session-cache';

/**
 * @example const { useAuth } = authHooks<typeof app>(useClient);
 */
export function authHooks<A>(useClient: () => NinefoldClient<A>) {
  type Err = AppErrorOf<A>;
  return {
    /**
     * The signed-in user and the auth calls.
     * @example const { user, signIn, resetPassword } = useAuth();
     */
    useAuth() {
      const client = useClient();
      const qc = useQueryClient();
      const me = useQuery<SessionUser<A> | null, Err>({
        queryKey: keys.me(),
        queryFn: () => client.auth.me(),
        staleTime: 60_000,
      });
      const signedIn = <R extends { user: SessionUser<A> }>(r: R) => {
        applySession(qc, r.user as { id: string });
        return r;
      };
      const signedOut = async (call: () => Promise<void>) => {
        try {
          await call();
        } finally {
          // Signed out here even if the server could not be told.
          applySession(qc, null);
        }
      };
      const { auth } = client;
      return {
        /** The signed-in user; null when signed out, here or (while anything is live) by the server. */
        user: me.data ?? null,
        loading: me.isPending,
        error: me.error,
        signIn: async (input: { email: string; password: string }) => signedIn(await auth.signIn(input)),
        signUp: async (input: { email: string; password: string; name: string }) =>
          signedIn(await auth.signUp(input)),
        signOut: () => signedOut(() => auth.signOut()),
        /** Ends every session of the account, this one included. */
        signOutEverywhere: () => signedOut(() => auth.signOutEverywhere()),
        /** A new password from a reset link's token; signed in. */
        resetPassword: async (input: LinkToken & { password: string }) =>
          signedIn(await auth.resetPassword(input)),
        /** An invitation accepted from its link's token; signed in. */
        acceptInvitation: async (input: LinkToken & { password: string; name?: string }) =>
          signedIn(await auth.acceptInvitation(input)),
        /** Confirms an address from its link's token; a signed-in user is read again. */
        verifyEmail: async (input: LinkToken) => {
          const answer = await auth.verifyEmail(input);
          const user = await auth.me();
          if (user) applySession(qc, user as { id: string });
          return answer;
        },
        requestPasswordReset: (input: { email: string }) => auth.requestPasswordReset(input),
        resendVerification: () => auth.resendVerification(),
        changePassword: (input: { currentPassword: string; password: string }) => auth.changePassword(input),
        changeEmail: (input: { email: string; currentPassword: string }) => auth.changeEmail(input),
      };
    },
  };
}
