/**
 * Where to listen: `--port`, else `PORT`, else 3000; `HOST`, else 127.0.0.1, so a server is
 * reachable from other machines only when someone asks for it (`HOST=0.0.0.0`).
 */
import { UsageError } from './command';

export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';

/**
 * @example listenOptions('0', {}) // { port: 0, host: '127.0.0.1' }: port 0 picks a free port
 * @example listenOptions(undefined, { PORT: '8080', HOST: '0.0.0.0' }) // { port: 8080, host: '0.0.0.0' }
 */
export function listenOptions(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): { port: number; host: string } {
  const [source, raw] = flag !== undefined ? ['--port', flag] : ['PORT', env.PORT?.trim() || undefined];
  let port = DEFAULT_PORT;
  if (raw !== undefined) {
    port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(port <= 65_535))
      throw new UsageError(`${source} must be a port number from 0 to 65535, not '${raw}'`);
  }
  return { port, host: env.HOST?.trim() || DEFAULT_HOST };
}

/**
 * The host as a URL names it: a wildcard address as `localhost`, an IPv6 address in brackets.
 * @example hostForUrl('::1') // '[::1]'
 */
export function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
