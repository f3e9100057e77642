/**
 * A port nobody listens on, for the API process behind `ninefold dev`: picked once, so every
 * restart of that process comes back where Vite's proxy expects it.
 */
import { createServer } from 'node:net';

/**
 * @example const port = await freePort('127.0.0.1'); // e.g. 41873
 */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
