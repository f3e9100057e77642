/**
 * The one client and hooks instance of the UI. The generated pages learn the app from
 * `/api/meta` at run time, so they speak a loose app type (names are strings); an app's own
 * components can view the same hooks typed by their app with `hooksFor<typeof app>()`.
 */
import { createClient, type NinefoldClient, type Record$, type SessionUser } from '@ninefold/client';
import { createNinefoldReact } from '@ninefold/react';
import { QueryClient } from '@tanstack/react-query';

/** Any app: entity, field and transition names are plain strings. */
export type AnyApp = any;

/** A record of any entity, as the generated pages hold it: the system fields, `$can`, fields by name. */
export type AnyRecord = Record$<AnyApp, string>;

/** The signed-in user of any app: a `users` record (its `role` and `name` are the built-in fields). */
export type AnyUser = SessionUser<AnyApp>;

/** The hooks of one app, as `createNinefoldReact<A>()` returns them. */
export type NinefoldHooks<A> = ReturnType<typeof createNinefoldReact<A>>;

/** The hooks every page uses; they need the `<NinefoldProvider>` the App renders. */
export const nf: NinefoldHooks<AnyApp> = createNinefoldReact<AnyApp>();

/**
 * The UI's hooks typed by an app. The hooks do not depend on the app at run time, only their
 * types do, so this is the same instance (and the same provider) seen through `A`.
 * @example const { useRecord } = hooksFor<typeof app>(); const t = useRecord('tickets', id).data?.subject;
 */
export function hooksFor<A>(): NinefoldHooks<A> {
  return nf as unknown as NinefoldHooks<A>;
}

declare global {
  interface Window {
    /** Requests index.html started before any of the app's code arrived, by path. */
    __ninefoldEarly?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * The browser's client: same origin, the session cookie, the realtime socket. `early` are the
 * requests index.html already started (the meta and who is signed in, which every page waits
 * for, asked while the bundle downloads); the client takes each answer once.
 * @example const client = createBrowserClient(window.__ninefoldEarly);
 */
export function createBrowserClient(
  early?: Readonly<Record<string, Promise<Response> | undefined>>,
): NinefoldClient<AnyApp> {
  return createClient<AnyApp>(early ? { early } : {});
}

function status(error: unknown): number {
  return typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 0;
}

/**
 * The query cache: a refusal (4xx) is an answer, not a hiccup, so only network failures and
 * server errors are tried again.
 * @example <NinefoldProvider client={client} queryClient={createQueryClient()}>…</NinefoldProvider>
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => count < 2 && (status(error) === 0 || status(error) >= 500),
      },
    },
  });
}
