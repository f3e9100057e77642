/**
 * The helpdesk on loopback for hook tests, through the test kit: a real server, real clients
 * (Node's fetch and the `ws` package, the session as a bearer token or as a cookie two "tabs"
 * share), the hooks' provider as a test wrapper, and a way to hold a response back so an
 * optimistic value can be seen before the server's answer arrives — the request itself still
 * reaches the server.
 */

import app from '@ninefold/example-helpdesk';
import type { DialectName } from '@ninefold/server';
import {
  type CookieJar,
  createTestApp,
  type TestUser as KitUser,
  type TestApp,
  type TestClient,
  type TestSockets,
} from '@ninefold/testing';
import { createElement, type ReactNode } from 'react';
import { createNinefoldReact } from '../src/index';

export type { CookieJar } from '@ninefold/testing';
export type Helpdesk = typeof app;
export const hooks = createNinefoldReact<Helpdesk>();

/** An account of the helpdesk and one session of it, which every `as(user)` tab shares. */
export interface TestUser extends KitUser<Helpdesk> {
  readonly token: string;
}

export interface Tab {
  readonly client: TestClient<Helpdesk>;
  readonly sockets: TestSockets;
  /** Renders its children inside this client's provider (a fresh query cache each time). */
  readonly wrapper: (props: { children: ReactNode }) => ReactNode;
  /** Holds back answers to requests matching `method` and a path fragment until released. */
  hold(method: string, path: string): () => void;
}

export interface ReactHarness {
  readonly t: TestApp<Helpdesk>;
  /** Makes an account of the role and signs it in once. */
  user(role: 'customer' | 'agent' | 'admin'): Promise<TestUser>;
  /** A client signed in as the user by bearer token. */
  as(user: TestUser): Tab;
  /** A browser tab: no token, the session in a cookie shared with the other tabs of `jar`. */
  tab(jar: CookieJar): Tab;
  close(): Promise<void>;
}

function makeTab(t: TestApp<Helpdesk>, auth: { token: string } | { cookies: CookieJar }): Tab {
  const holds: { method: string; path: string; released: Promise<void> }[] = [];
  const client = t.client({
    ...auth,
    fetch:
      (base) =>
      async (input, init = {}) => {
        const res = await base(input, init);
        const method = init.method ?? 'GET';
        const held = holds.find((x) => x.method === method && String(input).includes(x.path));
        if (held) await held.released;
        return res;
      },
  });
  return {
    client,
    sockets: client.sockets,
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
  const t = await createTestApp(app, { database: dialect });
  return {
    t,
    user: async (role) => {
      const signedIn = await t.clientAs(role);
      const token = signedIn.auth.token;
      if (!signedIn.user || !token) throw new Error(`no session for a new ${role}`);
      return { ...signedIn.user, token };
    },
    as: (user) => makeTab(t, { token: user.token }),
    tab: (jar) => makeTab(t, { cookies: jar }),
    close: () => t.close(),
  };
}
