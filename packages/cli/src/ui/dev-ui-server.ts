/**
 * `ninefold dev`'s front door: a Vite dev server on the port the developer opens, serving the
 * app's UI with hot module replacement (React Fast Refresh for the app's components) and
 * passing `/api` (the realtime WebSocket included) on to the API process behind it. It also
 * shows what keeps the server from restarting (the checker's or TypeScript's message) in
 * Vite's error overlay, to every open page and every page opened while it lasts.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { ViteDevServer } from 'vite';
import { CliError } from '../command';
import { hostForUrl } from '../listen-options';
import { appUiConfig } from './app-ui-config';
import { writeAppUiSource } from './app-ui-source';

export interface DevUiOptions {
  readonly port: number;
  readonly host: string;
  /** The API process's port on 127.0.0.1. */
  readonly apiPort: number;
}

export interface DevUiServer {
  /** The address to open, e.g. `http://127.0.0.1:3000`. */
  readonly url: string;
  /** Shows `message` in the overlay of every page, open now or opened later, until `reloadPages`. */
  showError(message: string): void;
  /** Forgets the error and reloads every page (the server and its spec changed under them). */
  reloadPages(): void;
  close(): Promise<void>;
}

/**
 * Starts Vite in front of the API process. Vite runs in middleware mode on a server of ours:
 * its own server would end the process on SIGTERM (or when stdin closes) before `dev` could
 * stop the API process, leaving it orphaned.
 * @example const ui = await startDevUi(appDir, { port: 3000, host: '127.0.0.1', apiPort: 41873 });
 */
export async function startDevUi(appDir: string, options: DevUiOptions): Promise<DevUiServer> {
  const source = writeAppUiSource(appDir);
  const config = await appUiConfig(appDir, source, { logLevel: 'info' });
  const { createServer } = await import('vite');
  const target = `http://127.0.0.1:${options.apiPort}`;
  const http = createHttpServer();
  const server: ViteDevServer = await createServer({
    ...config,
    mode: 'development',
    appType: 'spa',
    server: {
      ...config.server,
      // HMR's socket and the proxied realtime socket share the one port.
      middlewareMode: { server: http },
      hmr: { server: http },
      proxy: { '/api': { target, ws: true, changeOrigin: false } },
    },
  });
  http.on('request', server.middlewares);
  const port = await listen(http, options).catch(async (e: unknown) => {
    await server.close();
    throw e;
  });
  let error: string | undefined;
  const payload = () => ({ type: 'error' as const, err: { message: error ?? '', stack: '' } });
  // A page opened while the app is refused is told at once, not at the next change.
  server.ws.on('connection', (socket: { send(data: string): void }) => {
    if (error !== undefined) socket.send(JSON.stringify(payload()));
  });
  // Vite clears the overlay on any hot update (an edit in ui/): a refusal still standing is
  // shown again right after it.
  server.watcher.on('change', () => {
    if (error !== undefined) setTimeout(() => error !== undefined && server.ws.send(payload()), 300);
  });
  const url = `http://${hostForUrl(options.host)}:${port}`;
  return {
    url,
    showError: (message) => {
      error = message;
      server.ws.send(payload());
    },
    reloadPages: () => {
      error = undefined;
      server.ws.send({ type: 'full-reload', path: '*' });
    },
    close: async () => {
      await server.close();
      http.closeAllConnections();
      await new Promise((done) => http.close(done));
    },
  };
}

/** Listens and answers the port (the one the system picked for port 0). */
function listen(http: Server, options: DevUiOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    http.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'EADDRINUSE'
          ? new CliError(`port ${options.port} is already in use; pick another with --port`)
          : e,
      ),
    );
    http.listen(options.port, options.host, () => {
      const address = http.address();
      resolve(typeof address === 'object' && address ? address.port : options.port);
    });
  });
}
