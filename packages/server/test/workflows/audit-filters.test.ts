/**
 * The audit log's operation and date-range filters over HTTP, per dialect: a fake clock puts
 * the entries on three days, each query's answer is checked against the stored rows filtered
 * here, bad values are MALFORMED_REQUEST, and the database answers each filter through an
 * index (its own query plan, on a log big enough for the planner to have a choice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { auditRows, callerOf, FakeClock, type Row, ticketIn } from './ticket-fixtures';

const DAY = 86_400_000;
const at = (r: Row) => new Date(r.at as string | Date).toISOString();

interface FilterCase {
  readonly query: string;
  readonly keeps: (r: Row) => boolean;
}

const FILTERS: readonly FilterCase[] = [
  { query: 'operation=create', keeps: (r) => r.operation === 'create' },
  { query: 'operation=transition', keeps: (r) => r.operation === 'transition' },
  { query: 'operation=delete', keeps: (r) => r.operation === 'delete' },
  { query: 'from=2030-01-02', keeps: (r) => at(r) >= '2030-01-02' },
  { query: 'to=2030-01-02', keeps: (r) => at(r) < '2030-01-02' },
  { query: 'from=2030-01-02&to=2030-01-03', keeps: (r) => at(r) >= '2030-01-02' && at(r) < '2030-01-03' },
  // An offset is honoured: midnight at +02:00 is 22:00 UTC the day before.
  { query: 'from=2030-01-03T00:00:00%2B02:00', keeps: (r) => at(r) >= '2030-01-02T22:00:00.000Z' },
  {
    query: 'operation=update&from=2030-01-02T00:00:00Z&entity=users',
    keeps: (r) => r.operation === 'update' && r.entity === 'users' && at(r) >= '2030-01-02',
  },
  { query: 'from=2031-01-01', keeps: () => false },
  // A leap day exists (2030-02-29 does not, below).
  { query: 'to=2028-02-29T23:59Z', keeps: () => false },
];

const MALFORMED = [
  'operation=rename',
  'operation=Create',
  'from=yesterday',
  'from=2030-13-45',
  // Days and hours that do not exist: Date.parse alone would roll them over into March, or
  // into the next day.
  'from=2030-02-30',
  'to=2030-02-29',
  'from=2030-04-31T10:00:00Z',
  'to=2030-01-02T24:00Z',
  'to=2030-01-02T10:00',
  'from=2030-01-03&to=2030-01-02',
  'from=2030-01-02&to=2030-01-02',
  'from=2030-01-01&from=2030-01-02',
];

describe.each(DIALECTS)('the audit log filters on %s', (dialect) => {
  let h: Harness;
  let admin: TestUser;
  const clock = new FakeClock(Date.parse('2030-01-01T09:00:00.000Z'));
  const get = (url: string) => h.request({ method: 'GET', url, headers: admin.headers });

  beforeAll(async () => {
    h = await startHelpdesk(dialect, { now: clock.now });
    const [alice, agent] = [await h.user('customer'), await h.user('agent')];
    admin = await h.user('admin');
    await ticketIn(h, alice, agent, 'open');
    clock.advance(DAY);
    await ticketIn(h, alice, agent, 'resolved');
    await h.nf.core.update(callerOf(admin), 'users', alice.id, { name: 'Alice Renamed' });
    clock.advance(DAY);
    const gone = await ticketIn(h, alice, agent, 'new');
    await h.nf.core.remove(callerOf(admin), 'tickets', String(gone.id));
    await h.nf.core.update(callerOf(admin), 'users', agent.id, { name: 'Agent Renamed' });
  });
  afterAll(() => h.close());

  it.each(FILTERS)('/api/audit?$query answers exactly the entries that match, newest first', async (c) => {
    const res = await get(`/api/audit?${c.query}&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const want = (await auditRows(h.nf.db)).filter(c.keeps).map((r) => String(r.id));
    expect(res.json().items.map((e: Row) => e.id)).toEqual(want.reverse());
  });

  it('pages a filtered log by cursor without losing or repeating an entry', async () => {
    const want = (await auditRows(h.nf.db))
      .filter((r) => r.operation === 'transition' && at(r) >= '2030-01-02')
      .map((r) => String(r.id))
      .reverse();
    expect(want.length).toBeGreaterThan(1);
    const seen: string[] = [];
    let url = '/api/audit?operation=transition&from=2030-01-02&limit=1';
    for (let page = 0; page < 20 && url; page++) {
      const body = (await get(url)).json();
      seen.push(...body.items.map((e: Row) => e.id));
      url = body.nextCursor
        ? `/api/audit?operation=transition&from=2030-01-02&limit=1&cursor=${body.nextCursor}`
        : '';
    }
    expect(seen).toEqual(want);
  });

  it.each(MALFORMED)('/api/audit?%s is MALFORMED_REQUEST, saying why', async (query) => {
    const res = await get(`/api/audit?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MALFORMED_REQUEST' });
    expect(res.json().detail ?? res.json().message ?? '').not.toBe('');
  });

  it('is answered through an index for each filter, not by reading the whole log', async () => {
    const { db } = h.nf;
    // A log big enough that reading it all would be the planner's worse choice.
    const ops = "case when n % 5 = 0 then 'delete' when n % 5 = 1 then 'create' else 'update' end";
    await db.exec(
      dialect === 'sqlite'
        ? `with recursive s(n) as (select 1 union all select n + 1 from s where n < 20000)
           insert into nf_audit (id, at, entity, "recordId", operation)
           select printf('00000000-0000-7000-8000-%012d', n), strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || n || ' minutes'),
           'tickets', 'x', ${ops} from s; analyze;`
        : `insert into nf_audit (id, at, entity, "recordId", operation)
           select '00000000-0000-7000-8000-' || lpad(n::text, 12, '0'), timestamptz '2020-01-01' + n * interval '1 minute',
           'tickets', 'x', ${ops} from generate_series(1, 20000) n; analyze nf_audit;`,
    );
    const cases = [
      { query: { operation: 'transition' }, index: 'ix_nf_audit_operation' },
      { query: { from: '2030-01-02', to: '2030-01-03' }, index: 'ix_nf_audit_at' },
    ];
    for (const { query, index } of cases) {
      const plan = await explain(h, query);
      expect(plan, JSON.stringify(query)).not.toMatch(/Seq Scan on nf_audit|^SCAN nf_audit$/m);
      expect(plan, JSON.stringify(query)).toContain(index);
    }
  });
});

/** The query plan of the audit page's select for `query`, one line per step. */
async function explain(h: Harness, query: Record<string, string>): Promise<string> {
  const { readAuditQuery } = await import('../../src/core/audit/audit-query');
  const { db } = h.nf;
  const { narrow, limit } = readAuditQuery(query, { default: 25, max: 100 });
  const q = narrow(db.qb.selectFrom('nf_audit').selectAll())
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .compile();
  const prefix = db.dialect.name === 'sqlite' ? 'explain query plan ' : 'explain ';
  const rows = await db.all<Row>({ ...q, sql: prefix + q.sql });
  return rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n');
}
