/**
 * `ninefold start` behind a reverse proxy: with `TRUST_PROXY` naming it, the client's address
 * and scheme come from the proxy's headers, so each client has its own sign-in budget and the
 * session cookie is `Secure` over HTTPS; without it, those headers are ignored, as a client
 * could otherwise pick its own address. Regression: the CLI had no way to trust a proxy, so
 * behind one every visitor shared one budget and no cookie was ever `Secure`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { OUTBOX_MAIL, type Running, removeScratch, scratchDir, serve } from '../../test/run-cli';

afterAll(removeScratch);

const PASSWORD = 'demo-password-1';

async function login(s: Running, email: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${s.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
}

/** Eleven failed sign-ins "from" one address, each for another email: the 11th meets the address's limit. */
async function elevenFailuresFrom(s: Running, address: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const res = await login(s, `nobody-${address}-${i}@example.test`, 'wrong password', {
      'x-forwarded-for': address,
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('ninefold start behind a reverse proxy', { timeout: 120_000 }, () => {
  it('with TRUST_PROXY, keeps a budget per forwarded address and sets Secure cookies for https', async () => {
    const s = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], {
      DATA_DIR: scratchDir('proxy-trusted'),
      TRUST_PROXY: 'loopback',
    });
    try {
      expect((await elevenFailuresFrom(s, '203.0.113.7')).at(-1)).toBe(429);
      // Another client behind the same proxy still has its whole budget.
      expect(
        (await login(s, 'nobody-else@example.test', 'wrong', { 'x-forwarded-for': '203.0.113.8' })).status,
      ).toBe(401);
      const https = await login(s, 'alice@helpdesk.test', PASSWORD, {
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-proto': 'https',
      });
      expect(https.status).toBe(200);
      expect(https.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
      const http = await login(s, 'alice@helpdesk.test', PASSWORD, { 'x-forwarded-for': '203.0.113.9' });
      expect(http.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
    } finally {
      expect((await s.stop()).code).toBe(0);
    }
  });

  it('without TRUST_PROXY, ignores the forwarded address a client sends', async () => {
    const s = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], {
      DATA_DIR: scratchDir('proxy-untrusted'),
    });
    try {
      // Each attempt claims another address; all are counted against the one that connected.
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await login(s, `nobody-${i}@example.test`, 'wrong', {
          'x-forwarded-for': `198.51.100.${i}`,
        });
        statuses.push(res.status);
      }
      expect(statuses.at(-1)).toBe(429);
      const https = await login(s, 'agent@helpdesk.test', PASSWORD, { 'x-forwarded-proto': 'https' });
      expect(https.status).toBe(429); // this address's budget is spent, right password or not
    } finally {
      expect((await s.stop()).code).toBe(0);
    }
  });

  it('refuses a TRUST_PROXY it cannot read, before starting', async () => {
    await expect(
      serve(['start', 'examples/helpdesk', '--port', '0'], {
        DATA_DIR: scratchDir('proxy-bad'),
        ...OUTBOX_MAIL,
        TRUST_PROXY: 'true',
      }),
    ).rejects.toThrow(/TRUST_PROXY must list/);
  });
});
