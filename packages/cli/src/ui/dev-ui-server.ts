/**
 * `ninefold dev`'s front door: a Vite dev server on the port the developer opens, serving the
 * app's UI with hot module replacement (React Fast Refresh for the app's components) and
 * passing `/api` (the realtime WebSocket included) on to the API process behind it. It also
 * shows what keeps the server from restarting (the checker's or TypeScript's message) in
 * Vite's error overlay, to every open page and every page opened while it lasts.
 */
import type { ViteDevServer } from 'vite';
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
  /** Shows `message` in the overlay of every page, open now or opened later, until `clearError`. */
  showError(message: string): void;
  /** Forgets the error and reloads every page (the server and its spec changed under them). */
  reloadPages(): void;
  close(): Promise<void>;
}

/**
 * Starts Vite in front of the API process.
 * @example const ui = await startDevUi(appDir, { port: 3000, host: '127.0.0.1', apiPort: 41873 });
 */
export async function startDevUi(appDir: string, options: DevUiOptions): Promise<DevUiServer> {
  const source = writeAppUiSource(appDir);
  const config = await appUiConfig(appDir, source, { logLevel: 'info' });
  const { createServer } = await import('vite');
  const target = `http://127.0.0.1:${options.apiPort}`;
  const server: ViteDevServer = await createServer({
    ...config,
    mode: 'development',
    server: {
      ...config.server,
      port: options.port,
      host: options.host,
      strictPort: true,
      proxy: { '/api': { target, ws: true, changeOrigin: false } },
    },
  });
  await server.listen();
  let error: string | undefined;
  const payload = () => ({ type: 'error' as const, err: { message: error ?? '', stack: '' } });
  // A page opened while the app is refused is told at once, not at the next change.
  server.ws.on('connection', (socket: { send(data: string): void }) => {
    if (error !== undefined) socket.send(JSON.stringify(payload()));
  });
  const url = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? `http://${options.host}:${options.port}`;
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
    close: () => server.close(),
  };
}
