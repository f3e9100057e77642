/**
 * The client's auth calls and its session events: who is signed in changes by this client's
 * own sign-in and sign-out, and by the server ending the session (sign-out elsewhere, a role
 * change, a disabled account, expiry), which the realtime socket learns first, or else the next
 * request that the server answers 401.
 */
import type { EntityName, RecordOf, SessionAnswer } from '@ninefold/spec';
import { accountAuth } from './client-account-auth';
import type { CallOptions } from './client-types';
import type { RequestOptions, Transport } from './transport';

/**
 * The signed-in user's record. `actingRole`, sent by `/api/auth/me` only when it differs from
 * `role`, is the role the server judges the account's requests by (an account that has not
 * confirmed its address acting as its role's `verifyEmail.actAs`).
 * @example const me = await client.auth.me(); const judgedAs = me?.actingRole ?? me?.role;
 */
export type SessionUser<A> = RecordOf<A, 'users' & EntityName<A>> & { readonly actingRole?: string };

/** What sign-up and sign-in answer: the user and a bearer token. */
export type SignedIn<A> = SessionAnswer<SessionUser<A>>;

/**
 * A change of who is signed in, and what caused it: this client (`client`) or the server
 * ending the session (`server`), after which the user is asked for again: gone (`signedOut`)
 * or still signed in, perhaps with another role (`userChanged`).
 * @example client.auth.onChange((user, e) => { if (e.type === 'signedOut' && e.cause === 'server') toLogin(); });
 */
export type SessionEvent<A> =
  | { readonly type: 'signedIn'; readonly user: SessionUser<A>; readonly cause: 'client' }
  | { readonly type: 'signedOut'; readonly user: null; readonly cause: 'client' | 'server' }
  | { readonly type: 'userChanged'; readonly user: SessionUser<A>; readonly cause: 'server' };

type Listener<A> = (user: SessionUser<A> | null, event: SessionEvent<A>) => void;

/**
 * @example const { auth, sessionEnded } = createAuth<typeof app>(http, { keepToken: true }, () => rt.reconnect());
 */
export function createAuth<A>(
  http: Transport,
  options: { keepToken: boolean },
  /** Reopens the realtime socket as the new caller. */
  reconnect: () => void,
) {
  const listeners = new Set<Listener<A>>();
  // Whether a user is signed in, as far as this client knows (undefined: not asked yet). A
  // client given a token starts signed in.
  let signedInNow: boolean | undefined = http.token !== null ? true : undefined;
  let told = 0;
  const emit = (event: SessionEvent<A>) => {
    signedInNow = event.user !== null;
    told += 1;
    for (const l of listeners) l(event.user, event);
  };
  const ended = () => {
    // A dead token would only be refused again; go on as a visitor.
    http.token = null;
    emit({ type: 'signedOut', user: null, cause: 'server' });
  };

  // Any request can be the first to learn that the session is over (it expired with no socket
  // open): the listeners hear it once, as if the socket had told them.
  const send = http.request.bind(http);
  http.request = async <T>(method: string, path: string, options?: RequestOptions) => {
    try {
      return await send<T>(method, path, options);
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status === 401 && signedInNow === true && !path.startsWith('/api/auth/')) {
        ended();
        reconnect();
      }
      throw e;
    }
  };
  const signedIn = (r: SignedIn<A>) => {
    // In a browser the session is the HttpOnly cookie; holding the token too would outlive it.
    http.token = options.keepToken ? r.token : null;
    reconnect();
    emit({ type: 'signedIn', user: r.user, cause: 'client' });
    return r;
  };
  const signedOut = () => {
    http.token = null;
    reconnect();
    emit({ type: 'signedOut', user: null, cause: 'client' });
  };

  const auth = {
    signUp: async (input: { email: string; password: string; name: string }, opts: CallOptions = {}) =>
      signedIn(
        await http.request<SignedIn<A>>('POST', '/api/auth/signup', { body: input, signal: opts.signal }),
      ),
    signIn: async (input: { email: string; password: string }, opts: CallOptions = {}) =>
      signedIn(
        await http.request<SignedIn<A>>('POST', '/api/auth/login', { body: input, signal: opts.signal }),
      ),
    signOut: async (opts: CallOptions = {}) => {
      await http.request<void>('POST', '/api/auth/logout', { body: {}, signal: opts.signal });
      signedOut();
    },
    ...accountAuth<A>(http, { signedIn, signedOut }),
    /** The signed-in user, or null. */
    me: async (opts: CallOptions = {}): Promise<SessionUser<A> | null> => {
      try {
        const user = (await http.request<{ user: SessionUser<A> }>('GET', '/api/auth/me', opts)).user;
        signedInNow = true;
        return user;
      } catch (e) {
        if ((e as { status?: number }).status === 401) {
          signedInNow = false;
          return null;
        }
        throw e;
      }
    },
    /**
     * Called on every change of session: sign-in and sign-out through this client, and the
     * server ending the session (told by the realtime socket, or by a request answered 401).
     */
    onChange: (listener: Listener<A>) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get token() {
      return http.token;
    },
  };

  /** The server ended the socket's session: ask who the caller is now, and tell the listeners. */
  const sessionEnded = async () => {
    const before = told;
    const user = await auth.me();
    // A request answered 401 meanwhile has told the listeners already.
    if (told !== before) return;
    if (user) emit({ type: 'userChanged', user, cause: 'server' });
    else ended();
  };

  return { auth, sessionEnded };
}
