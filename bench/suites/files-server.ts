/**
 * Child process of the files benchmark, listening on 127.0.0.1 on a free port it reports over
 * IPC. Usage:
 * - `files-server.ts ninefold <dataDir>`: bench/suites/files-app.ts served by Ninefold, SQLite
 *   at `<dataDir>/app.db`, files on the local disk at `<dataDir>/files`.
 * - `files-server.ts bare <file> <uploadDir>`: the ceiling, a bare Node server: `GET /` streams
 *   `<file>` (fs.createReadStream), `PUT /upload` streams the body into a new file under
 *   `<uploadDir>` and fsyncs it, as a disk store would.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createNinefold, localStore } from '@ninefold/server';
import { FILES_APP } from './files-app';

const [mode, path, uploadDir] = process.argv.slice(2);

if (mode === 'ninefold' && path) {
  const nf = await createNinefold(FILES_APP, {
    database: join(path, 'app.db'),
    files: { store: localStore(join(path, 'files')) },
  });
  const address = await nf.server.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ url: address });
  process.on('SIGTERM', () => void nf.close().then(() => process.exit(0)));
} else if (mode === 'bare' && path && uploadDir) {
  const size = statSync(path).size;
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
      createReadStream(path).pipe(res);
      return;
    }
    if (req.method === 'PUT' && req.url === '/upload') {
      // Written by path and fsynced through a descriptor of its own, as the disk store does:
      // a FileHandle whose write stream is made with autoClose: false never settles close()
      // (Node 20), which hung this route forever after the last byte.
      const file = join(uploadDir, randomUUID());
      const out = createWriteStream(file, { flags: 'wx' });
      void (async () => {
        await pipeline(req, out);
        const handle = await open(file, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        res.writeHead(201, { 'content-type': 'application/json' }).end(`{"size":${out.bytesWritten}}`);
      })().catch(() => res.writeHead(500).end());
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  throw new Error('usage: files-server.ts ninefold <dataDir> | bare <file> <uploadDir>');
}
