/**
 * The session cookie as a response sets it, for tests that check its value and attributes.
 */
import type { LightMyRequestResponse } from 'fastify';

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

/** The session cookie a response sets: its value and its attributes, lower-cased. */
export function sessionCookie(res: LightMyRequestResponse): { value: string; attrs: Map<string, string> } {
  const line = setCookies(res).find((c) => c.startsWith('nf_session='));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(res.headers)}`);
  const [pair, ...rest] = line.split(';').map((p) => p.trim());
  const attrs = new Map(
    rest.map((a) => {
      const [k, ...v] = a.split('=');
      return [k!.toLowerCase(), v.join('=')] as const;
    }),
  );
  return { value: pair!.slice('nf_session='.length), attrs };
}
