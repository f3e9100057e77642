/**
 * Child process: the SAME-SQL CEILING. A bare Fastify server on the same SQLite file that, for
 * `GET /replay/<key>`, runs exactly the statements the Ninefold server ran for that request
 * (captured by bench/lib/capture-sql.ts, with the same parameters) on a read connection set
 * up as Ninefold's reader is (read-only, mmap), and answers their rows with JSON.stringify:
 * no parsing of the query, no rules, no sessions, no decoding of rows.
 * Usage: replay-server.ts <file> <captured.json>
 */
import { readFileSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import type { CapturedStatement } from '../lib/capture-sql';

const [file, capturedFile] = process.argv.slice(2);
if (!file || !capturedFile) throw new Error('usage: replay-server.ts <file> <captured.json>');

const db = new BetterSqlite3(file, { readonly: true });
db.pragma('busy_timeout = 5000');
db.pragma('mmap_size = 2147418112');

const captured = JSON.parse(readFileSync(capturedFile, 'utf8')) as Record<string, CapturedStatement[]>;
const prepared = new Map(
  Object.entries(captured).map(([key, statements]) => [
    key,
    statements.map((s) => ({ stmt: db.prepare(s.sql), params: s.params })),
  ]),
);

const server = Fastify({ logger: false });
server.get<{ Params: { key: string } }>('/replay/:key', (req, reply) => {
  const statements = prepared.get(req.params.key);
  if (!statements) return reply.code(404).type('application/json').send('{"code":"NOT_FOUND"}');
  const results = statements.map(({ stmt, params }) => stmt.all(...params));
  return reply.type('application/json').send(JSON.stringify({ results }));
});

const url = await server.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ url });
process.on('SIGTERM', () => {
  void server.close().then(() => {
    db.close();
    process.exit(0);
  });
});
