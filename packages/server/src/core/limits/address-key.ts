/**
 * The key a client's address is counted under. An IPv4 address is one client; an IPv6 client
 * is normally handed a whole /64 and can pick any address in it, so counting per address would
 * give it 2^64 budgets: it is counted by its /64.
 */
import { isIPv6 } from 'node:net';

/**
 * @example addressKey('203.0.113.7') // 'ip:203.0.113.7'
 * @example addressKey('2001:db8:1:2:aaaa::1') // 'ip:2001:db8:1:2::/64'
 * @example addressKey('::ffff:203.0.113.7') // 'ip:203.0.113.7'
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (!isIPv6(ip)) return `ip:${ip}`;
  return `ip:${prefix64(ip)}::/64`;
}

/** The first four groups of an IPv6 address, `::` expanded, leading zeros dropped. */
function prefix64(ip: string): string {
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':');
}
