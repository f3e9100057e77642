/**
 * The requests index.html starts before any of the app's JavaScript has arrived — the meta
 * and who is signed in, which every page waits for — handed to the client when it asks for
 * them, so they travel while the bundle downloads instead of after it has run.
 *
 * index.html fills `window.__ninefoldEarly` with `{ [path]: fetch(path, …) }`, asked exactly
 * as the client would ask (GET, JSON, same-origin cookie). Each answer is used once: the
 * client's first GET of that path gets it, every later ask goes to the network as usual.
 */

declare global {
  interface Window {
    /** Requests already on their way, by path; see index.html. */
    __ninefoldEarly?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * A fetch for the client that answers a GET of a path index.html already asked for with that
 * request's answer (once), and passes everything else to `fetch`.
 * @example createClient({ fetch: earlyFetch(window.__ninefoldEarly) });
 */
export function earlyFetch(
  started: Record<string, Promise<Response> | undefined> = {},
  next: typeof fetch = (...args) => fetch(...args),
): typeof fetch {
  const waiting = new Map(Object.entries(started));
  return (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    // The browser's client asks by path (`/api/meta`), as index.html did: match it exactly.
    const path = method === 'GET' && typeof input === 'string' ? input : '';
    const early = waiting.get(path);
    if (!early) return next(input, init);
    waiting.delete(path);
    // A request that failed on the way is simply asked again.
    return early.catch(() => next(input, init));
  };
}
