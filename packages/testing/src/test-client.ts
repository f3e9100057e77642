/**
 * A test client: the app's typed client (`createClient<typeof app>`) that knows who it is
 * signed in as, counts what its realtime socket was told, and opens live feeds to wait on.
 */
import {
  createClient,
  listQuery,
  type NinefoldClient,
  type RealtimeEvent,
  type Where,
} from '@ninefold/client';
import type { App, EntityName, RoleName } from '@ninefold/spec';
import { type CookieJar, cookieHeader, withCookies } from './cookie-jar';
import { type LiveFeed, liveFeed } from './live-feed';
import { type TestSockets, testSockets } from './test-sockets';

/**
 * An account made for a test, with the password it signs in with.
 * @example const bob = await t.createUser('customer'); await t.signIn(bob.email, bob.password);
 */
export interface TestUser<A extends App = App> {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: RoleName<A>;
  readonly password: string;
}

/**
 * The app's typed client, with what a test needs besides.
 * @example const agent: TestClient<typeof app> = await t.clientAs('agent');
 */
export type TestClient<A extends App> = NinefoldClient<A> & {
  /** Who it signed in as through the kit (`clientAs`, `signIn`); null otherwise. */
  readonly user: TestUser<A> | null;
  /** Its realtime sockets: confirmed subscriptions, greetings, close codes. */
  readonly sockets: TestSockets;
  /**
   * Headers that authenticate as it (its bearer token, or its jar's cookie), for `t.inject`.
   * @example await t.inject({ method: 'GET', url: '/api/auth/me', headers: agent.headers() });
   */
  headers(): Record<string, string>;
  /**
   * Subscribes to live changes and keeps them to wait on.
   * @example
   * const feed = agent.live('tickets', { where: { status: 'new' } });
   * await feed.ready();
   * await customer.create('tickets', { subject: 'Printer jam', description: '…' });
   * const event = await feed.next((e) => e.type === 'event' && e.event === 'created');
   */
  live<E extends EntityName<A>>(entity: E, options?: { where?: Where<A, E>; id?: string }): LiveFeed;
};

/**
 * How a test client talks to its server.
 * @example const tab = t.client({ cookies: jar, fetch: (base) => (input, init) => base(input, init) });
 */
export interface ClientOptions {
  /** A session token to send as `Authorization: Bearer` (a client of a known session). */
  readonly token?: string | null;
  /**
   * A browser's cookies: the client sends no token and keeps its session in the jar, which
   * the jar's other clients (tabs) share.
   */
  readonly cookies?: CookieJar;
  /**
   * Wraps the client's fetch, e.g. to hold an answer back; call `base` to reach the server.
   * @example fetch: (base) => async (input, init) => { await gate; return base(input, init); }
   */
  readonly fetch?: (base: typeof fetch) => typeof fetch;
}

/**
 * What a test app gives every client it makes.
 * @example const context: ClientContext = { url, fetch, realtime: true, opened: new Set() };
 */
export interface ClientContext {
  readonly url: string;
  readonly fetch: typeof fetch;
  /** False where the app serves no sockets (in-process): subscribing then fails plainly. */
  readonly realtime: boolean;
  /** The clients made so far, closed with the app. */
  readonly opened: Set<{ close(): void }>;
}

// A browser's client authenticates by its cookie alone. Outside jsdom the client keeps the
// token sign-in answers (it cannot tell it runs for a browser), so it is not sent.
function withoutBearer(base: typeof fetch): typeof fetch {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.delete('authorization');
    return base(input, { ...init, headers });
  };
}

/**
 * A typed client for a test app; `createTestApp`'s `t.client()`, `t.clientAs()` and
 * `t.signIn()` make them.
 * @example const visitor = testClient<typeof app>(context, {}, null);
 */
export function testClient<A extends App>(
  context: ClientContext,
  options: ClientOptions,
  user: TestUser<A> | null,
): TestClient<A> {
  const sockets = testSockets();
  const jar = options.cookies;
  let base = context.fetch;
  if (options.fetch) base = options.fetch(base);
  if (jar) base = withCookies(withoutBearer(base), jar);
  const client = createClient<A>({
    url: context.url,
    fetch: base,
    // An explicit token (null too) makes the client keep the one sign-in answers, even under
    // jsdom; a browser's client (cookies) keeps none, as in a page.
    ...(jar && options.token === undefined ? {} : { token: options.token ?? null }),
    webSocket: (url, token) => {
      if (!context.realtime) {
        throw new Error('Realtime needs a listening test app: createTestApp(app) without listen: false.');
      }
      // The cookie is read when the socket opens, as a browser's would be.
      return jar ? sockets.factory(url, null, cookieHeader(jar)) : sockets.factory(url, token);
    },
  });
  const subscribe = client.subscribe;
  const test: TestClient<A> = {
    ...client,
    user,
    sockets,
    headers: () =>
      jar ? cookieHeader(jar) : client.auth.token ? { authorization: `Bearer ${client.auth.token}` } : {},
    live: (entity, opts = {}) => {
      const query = Object.fromEntries(new URLSearchParams(listQuery({ where: opts.where ?? {} })));
      const wire = { entity, query, ...(opts.id ? { recordId: opts.id } : {}) };
      return liveFeed(sockets, wire, (listener: (e: RealtimeEvent) => void) =>
        subscribe(entity, opts, listener),
      );
    },
    close: () => {
      context.opened.delete(test);
      client.close();
    },
  };
  context.opened.add(test);
  return test;
}
