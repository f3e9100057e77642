/**
 * The helpdesk on loopback for hook tests: a real server, real clients (Node's fetch and the
 * `ws` package, the session as a bearer token or as a cookie two "tabs" share), the hooks'
 * provider as a test wrapper, and a way to hold a response back so an optimistic value can be
 * seen before the server's answer arrives — the request itself still reaches the server.
 */
import { createElement, type ReactNode } from 'react';
import type app from '../../../examples/helpdesk/app';
import { createClient, type NinefoldClient } from '../../client/src/index';
import { type TestSockets, testSockets } from '../../client/test/test-sockets';
import type { DialectName } from '../../server/src/db/database';
import { type Harness, startHelpdesk, type TestUser } from '../../server/test/helpdesk-harness';
import { createNinefoldReact } from '../src/index';

export type Helpdesk = typeof app;
export const hooks = createNinefoldReact<Helpdesk>();

export interface Tab {
  readonly client: NinefoldClient<Helpdesk>;
  readonly sockets: TestSockets;
  /** Renders its children inside this client's provider (a fresh query cache each time). */
  readonly wrapper: (props: { children: ReactNode }) => ReactNode;
  /** Holds back answers to requests matching `method` and a path fragment until released. */
  hold(method: string, path: string): () => void;
}

export interface ReactHarness {
  readonly h: Harness;
  readonly url: string;
  /** A client signed in as the user by bearer token. */
  as(user: TestUser): Tab;
  /** A browser tab: no token, the session in a cookie shared with the other tabs of `jar`. */
  tab(jar: CookieJar): Tab;
  close(): Promise<void>;
}

/** The cookies of one browser, shared by its tabs. */
export type CookieJar = Map<string, string>;

function cookieHeader(jar: CookieJar | undefined): Record<string, string> {
  return jar?.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
}

function makeTab(url: string, token: string | undefined, jar?: CookieJar): Tab {
  const sockets = testSockets();
  const holds: { method: string; path: string; released: Promise<void> }[] = [];
  const fetchThrough: typeof fetch = async (input, init = {}) => {
    const headers = { ...(init.headers as Record<string, string>), ...cookieHeader(jar) };
    const res = await fetch(input, { ...init, headers });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name && jar) value ? jar.set(name, value) : jar.delete(name);
    }
    const method = init.method ?? 'GET';
    const held = holds.find((x) => x.method === method && String(input).includes(x.path));
    if (held) await held.released;
    return res;
  };
  const factory = sockets.factory;
  const client = createClient<Helpdesk>({
    url,
    fetch: fetchThrough,
    ...(token === undefined ? {} : { token }),
    // The cookie is read when the socket opens, as a browser's would be.
    webSocket: (u, t) => factory(u, t, cookieHeader(jar)),
  });
  return {
    client,
    sockets,
    wrapper: ({ children }) => createElement(hooks.NinefoldProvider, { client }, children),
    hold(method, path) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const entry = { method, path, released };
      holds.push(entry);
      return () => {
        holds.splice(holds.indexOf(entry), 1);
        release();
      };
    },
  };
}

/**
 * @example const r = await startReactHarness('sqlite'); const { result } = renderHook(() => hooks.useAuth(), { wrapper: r.as(alice).wrapper });
 */
export async function startReactHarness(dialect: DialectName): Promise<ReactHarness> {
  const h = await startHelpdesk(dialect);
  await h.nf.server.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(h.nf.server.server.address() as { port: number }).port}`;
  const opened: Tab[] = [];
  const open = (tab: Tab) => {
    opened.push(tab);
    return tab;
  };
  return {
    h,
    url,
    as: (user) => open(makeTab(url, user.token)),
    tab: (jar) => open(makeTab(url, undefined, jar)),
    close: async () => {
      for (const t of opened) t.client.close();
      await h.close();
    },
  };
}
