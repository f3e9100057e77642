/**
 * `TRUST_PROXY`: which reverse proxies may tell the server the client's address and scheme
 * (`X-Forwarded-For`, `X-Forwarded-Proto`). Unset, nobody may, and every request is from the
 * address that connected. Behind a load balancer that would be the balancer's address for
 * everyone — one budget of failed sign-ins and sign-ups for the whole site — and never
 * `https`, so the session cookie would lose `Secure`. Name the proxies, never "anyone" by
 * accident: an untrusted client could then pick its own address and walk past every limit.
 */
import { UsageError } from './command';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6 = /^[0-9a-f]*:[0-9a-f:.]*(\/\d{1,3})?$/i;
const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * @example trustProxy({}) // false
 * @example trustProxy({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }) // '127.0.0.1,10.0.0.0/8'
 * @example trustProxy({ TRUST_PROXY: 'loopback' }) // 'loopback': 127.0.0.0/8 and ::1
 */
export function trustProxy(env: Readonly<Record<string, string | undefined>>): false | string {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === 'false') return false;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.every((p) => IPV4.test(p) || IPV6.test(p) || NAMED.has(p))) {
    return parts.join(',');
  }
  throw new UsageError(
    `TRUST_PROXY must list the proxies' addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8, or loopback), not '${raw}'`,
  );
}
