/**
 * A browser's cookies for test clients: the session cookie that sign-in sets is sent back
 * on every request and on the realtime socket, and shared by every client ("tab") of a jar.
 */

/**
 * The cookies of one browser, by name.
 * @example const jar: CookieJar = cookieJar();
 */
export type CookieJar = Map<string, string>;

/**
 * An empty jar; hand it to several clients to play tabs of one browser.
 * @example
 * const jar = cookieJar();
 * const tab = t.client({ cookies: jar });
 * await tab.auth.signIn({ email, password }); // the session is now in `jar`
 * const sameBrowser = t.client({ cookies: jar }); // signed in too
 */
export function cookieJar(): CookieJar {
  return new Map();
}

/**
 * The `Cookie` header of a jar (none when it is empty).
 * @example await fetch(url, { headers: cookieHeader(jar) });
 */
export function cookieHeader(jar: CookieJar | undefined): Record<string, string> {
  return jar?.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
}

/**
 * A fetch that sends the jar's cookies and keeps those the answers set (an empty value or
 * a past expiry removes one).
 * @example const client = createClient<typeof app>({ url, fetch: withCookies(fetch, jar) });
 */
export function withCookies(base: typeof fetch, jar: CookieJar): typeof fetch {
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(cookieHeader(jar))) headers.set(k, v);
    const res = await base(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => {
        const [k = '', v = ''] = a.split('=').map((s) => s.trim());
        const key = k.toLowerCase();
        return (key === 'max-age' && Number(v) <= 0) || (key === 'expires' && Date.parse(v) <= Date.now());
      });
      if (value === '' || expired) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
}
