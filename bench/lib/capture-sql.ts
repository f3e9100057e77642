/**
 * The SQL the Ninefold server runs for a request, captured rather than written by hand: the
 * app is started in this process on the run's file with better-sqlite3's `prepare` wrapped,
 * each request is answered once through `inject`, and every statement it ran on the entity's
 * table (and its search index) is kept with the very parameters bound. The ceiling replays
 * exactly those statements. Session and account statements are left out, so the ceiling is
 * spared the cost of authentication, as the core suite's ceiling is.
 */
import { createNinefold } from '@ninefold/server';
import BetterSqlite3 from 'better-sqlite3';
import app from '../../examples/helpdesk/app';

/** One statement as the server ran it. */
export interface CapturedStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** A request to capture: a name for it, the path, and who asks (headers from `signIn`). */
export interface CaptureRequest {
  readonly key: string;
  readonly path: string;
  readonly email: string;
}

type Method = 'all' | 'get' | 'run' | 'iterate';
const METHODS: readonly Method[] = ['all', 'get', 'run', 'iterate'];

/** Reads of the entity's table or of its search index: what the ceiling must run too. */
function concernsTickets(sql: string): boolean {
  return /^\s*(select|with)\b/i.test(sql) && /"?\btickets\b"?|nf_search_tickets/i.test(sql);
}

/**
 * Answers every request once as its caller and returns, per key, the statements it ran.
 * Fails when a request does not answer 200 or runs no statement on tickets.
 * @example const sql = await captureStatements(run.file, [{ key: 'count', path: '/api/entities/tickets?count=true', email }], password);
 */
export async function captureStatements(
  file: string,
  requests: readonly CaptureRequest[],
  password: string,
): Promise<Record<string, CapturedStatement[]>> {
  const seen: CapturedStatement[] = [];
  const proto = BetterSqlite3.prototype as unknown as { prepare: (sql: string) => object };
  const prepare = proto.prepare;
  proto.prepare = function wrapped(this: unknown, sql: string) {
    const stmt = prepare.call(this, sql) as Record<Method, (...args: unknown[]) => unknown>;
    for (const m of METHODS) {
      const original = stmt[m].bind(stmt);
      stmt[m] = (...params: unknown[]) => {
        seen.push({ sql, params });
        return original(...params);
      };
    }
    return stmt;
  };
  const nf = await createNinefold(app, { database: file });
  try {
    const tokens = new Map<string, string>();
    const out: Record<string, CapturedStatement[]> = {};
    for (const r of requests) {
      let token = tokens.get(r.email);
      if (!token) {
        const res = await nf.server.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: r.email, password },
        });
        if (res.statusCode !== 200)
          throw new Error(`capture: sign-in as ${r.email} answered ${res.statusCode}`);
        token = (res.json() as { token: string }).token;
        tokens.set(r.email, token);
      }
      seen.length = 0;
      const res = await nf.server.inject({
        method: 'GET',
        url: r.path,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200)
        throw new Error(`capture: ${r.path} answered ${res.statusCode} ${res.body}`);
      const statements = seen.filter((s) => concernsTickets(s.sql));
      if (statements.length === 0) throw new Error(`capture: ${r.path} ran no statement on tickets`);
      out[r.key] = statements;
    }
    return out;
  } finally {
    await nf.close();
    proto.prepare = prepare;
  }
}
