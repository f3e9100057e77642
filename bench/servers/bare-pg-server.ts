/**
 * Child process: the BARE POSTGRESQL CEILING. A minimal Fastify server on the same schema
 * doing the same queries with raw `pg` and JSON.stringify: no validation, no rules, no
 * sessions, no audit, no change events. One autocommitted statement (one transaction) per
 * insert. Usage: bare-pg-server.ts <url> <author id>.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { uuid7At } from '../lib/prng';

const [url, author] = process.argv.slice(2);
if (!url || !author) throw new Error('usage: bare-pg-server.ts <url> <author id>');

// The pool Ninefold's PostgreSQL database uses (packages/server/src/db/postgres-database.ts).
const pool = new pg.Pool({ connectionString: url, max: 10 });
const server = Fastify({ logger: false });

server.get<{ Params: { id: string } }>('/api/entities/tickets/:id', async (req, reply) => {
  const { rows } = await pool.query('select * from tickets where id = $1', [req.params.id]);
  if (!rows[0]) return reply.code(404).type('application/json').send('{"code":"NOT_FOUND"}');
  return reply.type('application/json').send(JSON.stringify(rows[0]));
});

server.get<{ Querystring: { limit?: string } }>('/api/entities/tickets', async (req, reply) => {
  const limit = Math.min(Number(req.query.limit ?? 25), 100);
  const { rows } = await pool.query('select * from tickets order by "createdAt" desc, id desc limit $1', [
    limit + 1,
  ]);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? Buffer.from(JSON.stringify([last.createdAt, last.id])).toString('base64url')
      : null;
  return reply.type('application/json').send(JSON.stringify({ items, nextCursor }));
});

server.post<{ Body: { ticket: string; body: string } }>('/api/entities/comments', async (req, reply) => {
  const now = Date.now();
  const at = new Date(now).toISOString();
  const { rows } = await pool.query(
    `insert into comments (id, "createdAt", "updatedAt", version, ticket, author, body, internal)
     values ($1, $2, $2, 1, $3, $4, $5, false) returning *`,
    [uuid7At(now, Math.random), at, req.body.ticket, author, req.body.body],
  );
  return reply.code(201).type('application/json').send(JSON.stringify(rows[0]));
});

const listening = await server.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ url: listening });
process.on('SIGTERM', () => {
  void server.close().then(() => pool.end().then(() => process.exit(0)));
});
