/**
 * The one client and hooks instance of the UI. The generated pages learn the app from
 * `/api/meta` at run time, so they speak a loose app type (names are strings); an app's own
 * components can view the same hooks typed by their app with `hooksFor<typeof app>()`.
 */
import { createClient, type NinefoldClient } from '@ninefold/client';
import { createNinefoldReact } from '@ninefold/react';
import { QueryClient } from '@tanstack/react-query';

/** Any app: entity, field and transition names are plain strings. */
export type AnyApp = any;

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

/**
 * The browser's client: same origin, the session cookie, the realtime socket; through `fetch`
 * when given (the start-up's, which takes the answers index.html already asked for).
 */
export function createBrowserClient(fetch?: typeof globalThis.fetch): NinefoldClient<AnyApp> {
  return createClient<AnyApp>(fetch ? { fetch } : {});
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
