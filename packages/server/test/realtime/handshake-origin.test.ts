/**
 * The realtime handshake checks Origin, so another site cannot open a socket with a
 * visitor's session cookie and read what they may read (cross-site WebSocket hijacking:
 * browsers attach cookies to a WebSocket handshake from any page, and the same-origin policy
 * does not apply to WebSockets). Table-driven, with a signed-in user's cookie on every
 * handshake, as a browser would send it: a foreign Origin is refused with 403 (a
 * problem+json answer, before any upgrade), this site's Origin is accepted.
 *
 * There is no list of other allowed origins to configure: the server compares the Origin's
 * host with the Host header, and nothing else is accepted — so a UI served from another
 * origin must use a bearer token through a proxy on this one.
 *
 * A handshake without Origin is accepted: browsers always send Origin on a WebSocket
 * handshake, so its absence means a non-browser client (a script, a server, the typed
 * client on Node), which holds its own credentials and cannot be tricked into using a
 * visitor's cookie. Refusing it would only break those clients.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SocketClient from 'ws';
import type { Harness, TestUser } from '../helpdesk-harness';
import { liveHelpdesk } from './live-helpdesk';
import { sessionUser } from './session-user';

/** How the handshake ended: the caller of `ready` when accepted, the HTTP answer when not. */
type Outcome =
  | { readonly accepted: true; readonly caller: string | null }
  | { readonly accepted: false; readonly status: number; readonly code: string };

function handshake(port: number, headers: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const ws = new SocketClient(`ws://127.0.0.1:${port}/api/realtime`, { headers });
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { type: string; caller: { id: string } | null };
      if (m.type !== 'ready') return;
      ws.close(1000);
      resolve({ accepted: true, caller: m.caller?.id ?? null });
    });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += String(chunk);
      });
      res.on('end', () => {
        resolve({ accepted: false, status: res.statusCode ?? 0, code: JSON.parse(body).code });
        ws.terminate();
      });
    });
    ws.on('error', reject);
  });
}

describe('the realtime handshake checks Origin', () => {
  let h: Harness;
  let port: number;
  let user: TestUser;
  beforeAll(async () => {
    ({ h, port } = await liveHelpdesk('sqlite'));
    user = await sessionUser(h.nf, 'agent');
  });
  afterAll(() => h?.close());

  const self = () => `http://127.0.0.1:${port}`;
  // [case, Origin (undefined: none sent), accepted]
  const CASES: [string, (() => string) | undefined, boolean][] = [
    ['this site', self, true],
    ['this site behind HTTPS (only the host is compared)', () => `https://127.0.0.1:${port}`, true],
    ['another site', () => 'https://evil.example', false],
    ['this host on another port', () => `http://127.0.0.1:${port + 1}`, false],
    ['this address by another name', () => `http://localhost:${port}`, false],
    ['a host that only starts like this one', () => `http://127.0.0.1:${port}.evil.example`, false],
    ['an opaque origin (a sandboxed frame)', () => 'null', false],
    ['none: a client that is not a browser', undefined, true],
  ];

  it.each(CASES)('Origin of %s: accepted %s', async (_name, origin, accepted) => {
    const headers: Record<string, string> = { cookie: `nf_session=${user.token}` };
    if (origin) headers.origin = origin();
    const outcome = await handshake(port, headers);
    if (accepted) expect(outcome).toEqual({ accepted: true, caller: user.id });
    else expect(outcome).toEqual({ accepted: false, status: 403, code: 'FORBIDDEN' });
  });
});
