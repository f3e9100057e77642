/**
 * The hooks of invitations, API keys and the mail log: a list each, and mutations that
 * refresh their list once done (an invitation made or revoked changes the users too: it makes
 * or removes an account).
 */
import type {
  ApiKeyCreatedOf,
  ApiKeyInput,
  ApiKeyOf,
  AppErrorOf,
  InvitationInput,
  InvitationOf,
  MailEntry,
  NinefoldClient,
} from '@ninefold/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keys } from './query-keys';

/**
 * @example const { useInvitations, useInvite } = accountHooks<typeof app>(useClient);
 */
export function accountHooks<A>(useClient: () => NinefoldClient<A>) {
  type Err = AppErrorOf<A>;
  const invitationsChanged = async (qc: ReturnType<typeof useQueryClient>) => {
    await qc.invalidateQueries({ queryKey: keys.invitations() });
    await qc.invalidateQueries({ queryKey: keys.entity('users') });
    await qc.invalidateQueries({ queryKey: keys.mail() });
  };
  return {
    /**
     * Pending invitations the caller may manage.
     * @example const { data: pending } = useInvitations();
     */
    useInvitations() {
      const client = useClient();
      return useQuery<InvitationOf<A>[], Err>({
        queryKey: keys.invitations(),
        queryFn: ({ signal }) => client.invitations.list({ signal }),
      });
    },

    /**
     * Invites someone (again: a new link).
     * @example const invite = useInvite(); invite.mutate({ email: 'ada@example.com', role: 'agent' });
     */
    useInvite() {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<InvitationOf<A>, Err, InvitationInput<A>>({
        mutationFn: (input) => client.invitations.create(input),
        onSuccess: () => invitationsChanged(qc),
      });
    },

    /**
     * Revokes an invitation by id.
     * @example const revoke = useRevokeInvitation(); revoke.mutate(invitation.id);
     */
    useRevokeInvitation() {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<void, Err, string>({
        mutationFn: (id) => client.invitations.revoke(id),
        onSuccess: () => invitationsChanged(qc),
      });
    },

    /**
     * The caller's API keys, or (admins) a service account's.
     * @example const { data: keys } = useApiKeys(bot.id);
     */
    useApiKeys(userId?: string) {
      const client = useClient();
      return useQuery<ApiKeyOf<A>[], Err>({
        queryKey: keys.apiKeys(userId ?? null),
        queryFn: ({ signal }) => client.apiKeys.list(userId ? { userId } : {}, { signal }),
      });
    },

    /**
     * Makes an API key; the key itself is in the mutation's data, this once. The mutation is
     * forgotten as soon as nothing watches it (`gcTime: 0`): a secret shown once must not stay
     * in the query cache after its screen closes. Call `reset()` to forget it sooner.
     * @example const create = useCreateApiKey(); const { key } = await create.mutateAsync({ name: 'CI' });
     */
    useCreateApiKey() {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<ApiKeyCreatedOf<A>, Err, ApiKeyInput<A>>({
        mutationFn: (input) => client.apiKeys.create(input),
        gcTime: 0,
        onSuccess: () => qc.invalidateQueries({ queryKey: keys.apiKeys() }),
      });
    },

    /**
     * Revokes an API key by id.
     * @example const revoke = useRevokeApiKey(); revoke.mutate(key.id);
     */
    useRevokeApiKey() {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<void, Err, string>({
        mutationFn: (id) => client.apiKeys.revoke(id),
        onSuccess: () => qc.invalidateQueries({ queryKey: keys.apiKeys() }),
      });
    },

    /**
     * The mail log (admins), newest first; `refetchInterval` keeps a development outbox on
     * screen current.
     * @example const { data: mail } = useMail({ refetchInterval: 2000 });
     */
    useMail(opts: { refetchInterval?: number } = {}) {
      const client = useClient();
      return useQuery<MailEntry[], Err>({
        queryKey: keys.mail(),
        queryFn: ({ signal }) => client.mail.list({ signal }),
        staleTime: 0,
        ...(opts.refetchInterval ? { refetchInterval: opts.refetchInterval } : {}),
      });
    },
  };
}
