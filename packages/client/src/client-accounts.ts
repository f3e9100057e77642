/**
 * The client's calls on accounts other than the caller's session: invitations, API keys and
 * the mail log. Roles are the app's role names.
 */
import type { ApiKey, ApiKeyCreated, Invitation, ItemsAnswer, MailEntry, RoleName } from '@ninefold/spec';
import type { CallOptions } from './client-types';
import type { Transport } from './transport';

type WithRole<T, A> = Omit<T, 'role'> & { readonly role: RoleName<A> };

/**
 * A pending invitation, its role one of the app's.
 * @example const pending: InvitationOf<typeof app>[] = await client.invitations.list();
 */
export type InvitationOf<A> = WithRole<Invitation, A>;
/**
 * An API key as listed (never the key itself), its role one of the app's.
 * @example const keys: ApiKeyOf<typeof app>[] = await client.apiKeys.list();
 */
export type ApiKeyOf<A> = WithRole<ApiKey, A>;
/**
 * A new API key with the key itself, shown this once.
 * @example const { key }: ApiKeyCreatedOf<typeof app> = await client.apiKeys.create({ name: 'CI' });
 */
export type ApiKeyCreatedOf<A> = WithRole<ApiKeyCreated, A>;

/**
 * What an invitation needs: who, into which role, and optionally their name.
 * @example const input: InvitationInput<typeof app> = { email: 'ada@example.com', role: 'agent' };
 */
export interface InvitationInput<A> {
  readonly email: string;
  readonly role: RoleName<A>;
  readonly name?: string;
}

/**
 * What a new API key needs: a name; an expiry, a narrower role, a service account optionally.
 * @example const input: ApiKeyInput<typeof app> = { name: 'Nightly export', expiresAt: new Date('2030-01-01') };
 */
export interface ApiKeyInput<A> {
  readonly name: string;
  /** When it stops working (an ISO time or a Date); never when left out. */
  readonly expiresAt?: string | Date;
  /** The owner's role (the default), or a narrower one the spec allows for keys. */
  readonly role?: RoleName<A>;
  /** A service account to make the key for (admins only). */
  readonly userId?: string;
}

const one = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/**
 * @example const { invitations, apiKeys, mail } = accountCalls<typeof app>(http);
 */
export function accountCalls<A>(http: Transport) {
  const items = async <T>(path: string, opts: CallOptions) =>
    (await http.request<ItemsAnswer<T>>('GET', path, { signal: opts.signal })).items as T[];
  const remove = (path: string, opts: CallOptions) =>
    http.request<void>('DELETE', path, { signal: opts.signal });
  return {
    invitations: {
      /**
       * Invitations not yet accepted, into the roles the caller may invite into.
       * @example const pending = await client.invitations.list();
       */
      list: (opts: CallOptions = {}) => items<InvitationOf<A>>('/api/auth/invitations', opts),
      /**
       * Invites an address into a role: the account is made and a link mailed. Again for the
       * same address and role: a new link, the old one dead.
       * @example await client.invitations.create({ email: 'ada@example.com', role: 'agent' });
       */
      create: (input: InvitationInput<A>, opts: CallOptions = {}) =>
        http.request<InvitationOf<A>>('POST', '/api/auth/invitations', { body: input, signal: opts.signal }),
      /**
       * Revokes an invitation: its link dies, and the account it made goes.
       * @example await client.invitations.revoke(invitation.id);
       */
      revoke: (id: string, opts: CallOptions = {}) => remove(one('/api/auth/invitations', id), opts),
    },
    apiKeys: {
      /**
       * The caller's keys, or (admins) a service account's.
       * @example const keys = await client.apiKeys.list({ userId: bot.id });
       */
      list: (query: { userId?: string } = {}, opts: CallOptions = {}) =>
        items<ApiKeyOf<A>>(
          query.userId
            ? `/api/auth/api-keys?${new URLSearchParams({ userId: query.userId })}`
            : '/api/auth/api-keys',
          opts,
        ),
      /**
       * Makes a key; the answer holds the key itself, which cannot be shown again.
       * @example const { key } = await client.apiKeys.create({ name: 'CI', role: 'agent' });
       * const ci = createClient<typeof app>({ url, token: key });
       */
      create: (input: ApiKeyInput<A>, opts: CallOptions = {}) => {
        const { expiresAt, ...rest } = input;
        const body =
          expiresAt === undefined
            ? rest
            : { ...rest, expiresAt: expiresAt instanceof Date ? expiresAt.toISOString() : expiresAt };
        return http.request<ApiKeyCreatedOf<A>>('POST', '/api/auth/api-keys', { body, signal: opts.signal });
      },
      /**
       * Revokes a key: refused at once, everywhere.
       * @example await client.apiKeys.revoke(key.id);
       */
      revoke: (id: string, opts: CallOptions = {}) => remove(one('/api/auth/api-keys', id), opts),
    },
    mail: {
      /**
       * The mail the app queued and sent, newest first (admins); bodies from the development
       * outbox only.
       * @example const [latest] = await client.mail.list();
       */
      list: (opts: CallOptions = {}) => items<MailEntry>('/api/mail', opts),
    },
  };
}
