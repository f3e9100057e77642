/**
 * Child process: the BARE CEILING. A minimal Fastify server on the same SQLite file doing
 * the same queries with raw better-sqlite3 prepared statements and JSON.stringify: no
 * validation, no rules, no sessions, no audit. Writes are as durable as Ninefold's (WAL,
 * synchronous=FULL) and, as a naive server does, one transaction (one fsync) per insert.
 * Usage: bare-server.ts <file> <requester id> [mmap]; with `mmap` it maps the file for reads
 * as Ninefold does (packages/server/src/db/sqlite-database.ts), for a reference comparison.
 */
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import { uuid7At } from '../lib/prng';

const [file, requester, mmap] = process.argv.slice(2);
if (!file || !requester) throw new Error('usage: bare-server.ts <file> <requester id> [mmap]');

const db = new BetterSqlite3(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
if (mmap === 'mmap') db.pragma('mmap_size = 2147418112');

const ORDER = 'order by "createdAt" desc, id desc limit ?';
const byId = db.prepare('select * from tickets where id = ?');
const firstPage = db.prepare(`select * from tickets ${ORDER}`);
// The keyset condition as a row value, which SQLite turns into one index range.
const nextPage = db.prepare(`select * from tickets where ("createdAt", id) < (?, ?) ${ORDER}`);
const insert = db.prepare(
  `insert into tickets (id, "createdAt", "updatedAt", version, subject, description, priority, category,
   requester, "dueAt", tags, status) values (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, 'new')`,
);
const SLA_HOURS: Record<string, number> = { urgent: 4, high: 24, normal: 72, low: 120 };

const server = Fastify({ logger: false });

server.get<{ Params: { id: string } }>('/api/entities/tickets/:id', (req, reply) => {
  const row = byId.get(req.params.id);
  if (!row) return reply.code(404).type('application/json').send('{"code":"NOT_FOUND"}');
  return reply.type('application/json').send(JSON.stringify(row));
});

server.get<{ Querystring: { limit?: string; cursor?: string } }>('/api/entities/tickets', (req, reply) => {
  const limit = Math.min(Number(req.query.limit ?? 25), 100);
  const after = req.query.cursor
    ? (JSON.parse(Buffer.from(req.query.cursor, 'base64url').toString('utf8')) as [string, string])
    : undefined;
  const rows = (after ? nextPage.all(after[0], after[1], limit + 1) : firstPage.all(limit + 1)) as {
    id: string;
    createdAt: string;
  }[];
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? Buffer.from(JSON.stringify([last.createdAt, last.id])).toString('base64url')
      : null;
  return reply.type('application/json').send(JSON.stringify({ items, nextCursor }));
});

server.post<{ Body: Record<string, unknown> }>('/api/entities/tickets', (req, reply) => {
  const b = req.body;
  const now = Date.now();
  const at = new Date(now).toISOString();
  const priority = String(b.priority ?? 'normal');
  const dueAt = new Date(now + (SLA_HOURS[priority] ?? 72) * 3_600_000).toISOString();
  const record = {
    id: uuid7At(now, Math.random),
    createdAt: at,
    updatedAt: at,
    version: 1,
    subject: String(b.subject),
    description: String(b.description),
    priority,
    category: String(b.category ?? 'other'),
    requester,
    dueAt,
    tags: JSON.stringify(b.tags ?? []),
    status: 'new',
  };
  const r = record;
  insert.run(r.id, at, at, r.subject, r.description, priority, r.category, requester, dueAt, r.tags);
  return reply.code(201).type('application/json').send(JSON.stringify(record));
});

const url = await server.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ url });
process.on('SIGTERM', () => {
  void server.close().then(() => {
    db.close();
    process.exit(0);
  });
});
