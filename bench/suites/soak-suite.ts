/**
 * The soak (issue #12, point 7): three minutes of the reads the UI makes — filtered and
 * sorted ticket lists, a subject search, a customer's dashboard, gets — beside writes that
 * grow the table (customers file tickets) and change rows (agents move tickets open ⇄
 * pending), on a table that starts at ~50,000 tickets. Throughput is measured minute by
 * minute: when a list sorts every match or a search scans the table, the cost of a request
 * grows with the table and the last minute falls behind the first. Target: last ÷ first ≥ 0.8.
 */
import { startNinefold, stopAll } from '../lib/bench-servers';
import { type LoadStats, type Shot, sampleLoad, summarize } from '../lib/load-runner';
import { formatRate, latency, machineInfo, markdownTable } from '../lib/report';
import { BENCH_ACCOUNTS, BENCH_PASSWORD } from '../lib/seed-people';
import { expectStatus, signIn } from '../lib/sign-in';
import { soakDatabase } from '../lib/soak-database';

const LIST = '/api/entities/tickets';
const TARGET = 0.8;
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** Weighted picks: each entry's share of all requests, in percent. */
function picker<T>(entries: readonly (readonly [number, T])[]): () => T {
  const total = entries.reduce((n, [w]) => n + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [w, v] of entries) {
      r -= w;
      if (r < 0) return v;
    }
    return entries.at(-1)![1];
  };
}

function kindCell(stats: LoadStats, kind: string): string {
  const k = stats.byKind.get(kind);
  return k ? latency(k) : '–';
}

/**
 * Runs the soak on its own fresh database; prints and returns its report (Markdown).
 * SOAK_MINUTES (default 3), SOAK_TICKETS (default 50,000), BENCH_CONNECTIONS (default 16).
 * @example const markdown = await soakSuite();
 */
export async function soakSuite(): Promise<string> {
  const minutes = num('SOAK_MINUTES', 3);
  const connections = num('BENCH_CONNECTIONS', 16);
  const seeded = num('SOAK_TICKETS', 50_000);
  console.log(`Soak: seeding ${seeded} tickets…`);
  const db = await soakDatabase(seeded);
  const server = await startNinefold('bench-writes', db.file);
  try {
    const agent = await signIn(server, BENCH_ACCOUNTS.agent, BENCH_PASSWORD);
    const customer = await signIn(server, BENCH_ACCOUNTS.customer, BENCH_PASSWORD);
    const json = { 'content-type': 'application/json' };
    const pending = new Set<string>();
    let turn = 0;
    let filed = 0;
    const anyTicket = () => db.ticketIds[Math.floor(Math.random() * db.ticketIds.length)]!;
    const read =
      (path: string, headers = agent) =>
      (): Shot => ({ kind: 'read', path, headers });
    const next = picker<() => Shot>([
      [20, () => ({ kind: 'read', path: `${LIST}/${anyTicket()}`, headers: agent })],
      // The case: the queue by last change (it sorted every new ticket).
      [10, read(`${LIST}?status=new&sort=-updatedAt`)],
      [10, read(`${LIST}?sort=-createdAt`)],
      [5, read(`${LIST}?status=open&sort=dueAt`)],
      [5, read(`${LIST}?status[in]=new,open&sort=dueAt&limit=10`)],
      // The list screen's search box (it scanned the table).
      [5, read(`${LIST}?subject[contains]=invoice`)],
      [5, read(`${LIST}?status[in]=new,open,pending`, customer)],
      [
        20,
        () => ({
          kind: 'write',
          method: 'POST',
          path: LIST,
          headers: { ...customer, ...json },
          body: JSON.stringify({
            subject: `Soak ticket ${++filed}`,
            description: 'Filed by the soak benchmark.',
            priority: 'normal',
            category: 'technical',
          }),
        }),
      ],
      [
        20,
        () => {
          const id = db.openTicketIds[turn++ % db.openTicketIds.length]!;
          const name = pending.has(id) ? 'respond' : 'await';
          if (name === 'await') pending.add(id);
          else pending.delete(id);
          return {
            kind: 'write',
            method: 'POST',
            path: `${LIST}/${id}/transitions/${name}`,
            headers: { ...agent, ...json },
            body: '{}',
          };
        },
      ],
    ]);
    const shot = () => next()();
    for (const path of [`${LIST}?status=new&sort=-updatedAt`, `${LIST}?subject[contains]=invoice`])
      await expectStatus(server, { path, headers: agent }, 200);
    console.log(`Soak: ${minutes} minutes, ${connections} connections, from ${db.count()} tickets…`);
    await sampleLoad({ server, next: shot, connections, splitKinds: true }, 5);
    const rows: { stats: LoadStats; tickets: number }[] = [];
    for (let m = 0; m < minutes; m++) {
      const stats = summarize([await sampleLoad({ server, next: shot, connections, splitKinds: true }, 60)]);
      rows.push({ stats, tickets: db.count() });
      console.log(
        `    minute ${m + 1}: ${formatRate(stats.rps)} req/s, p99 ${stats.p99.toFixed(1)} ms, ${rows.at(-1)!.tickets} tickets`,
      );
    }
    const first = rows[0]!.stats.rps;
    const last = rows.at(-1)!.stats.rps;
    const ratio = last / first;
    const all = rows.map((r) => r.stats);
    const failed = all.reduce((n, s) => n + s.failed, 0);
    return [
      `### Soak: ${minutes} minutes of mixed reads and writes on a growing tickets table (${connections} connections)`,
      '',
      `Machine: ${machineInfo()}.`,
      '',
      markdownTable(
        [
          'minute',
          'tickets at its end',
          'req/s',
          'all p50 / p99 ms',
          'reads p50 / p99 ms',
          'writes p50 / p99 ms',
          'failed',
        ],
        rows.map((r, i) => [
          String(i + 1),
          formatRate(r.tickets),
          formatRate(r.stats.rps),
          latency(r.stats),
          kindCell(r.stats, 'read'),
          kindCell(r.stats, 'write'),
          String(r.stats.failed),
        ]),
      ),
      '',
      `Last minute ÷ first minute: ${ratio.toFixed(2)} (target ≥ ${TARGET}: ${ratio >= TARGET ? 'met' : 'NOT met'}); ` +
        `p99 over the whole soak: ${Math.max(...all.map((s) => s.p99)).toFixed(1)} ms (worst minute); ${failed} failed.`,
      '',
      'Mix: 60% reads (20% get by id; lists: the new queue by -updatedAt, the default order, open by dueAt, ' +
        'new+open by dueAt, a subject search, a customer’s open tickets) and 40% writes (20% tickets filed by a ' +
        `customer, 20% await/respond on ${db.openTicketIds.length} open tickets). App: bench-writes (no quota or write rate).`,
    ].join('\n');
  } finally {
    await stopAll([server]);
    db.dispose();
  }
}
