/**
 * The mixed suite (issue "workflows"): an agent reads (gets by id and first pages) while 10%
 * of requests are state transitions, cycling open tickets open → pending → open. Read
 * latency with writes beside it is compared with read latency with no writes, in the same
 * run, rounds interleaved.
 */

import { startNinefold, stopAll } from '../lib/bench-servers';
import { comparePair, type RunSettings } from '../lib/compare-pair';
import type { KindStats, LoadStats, Shot } from '../lib/load-runner';
import { formatRate, latency, markdownTable } from '../lib/report';
import { BENCH_ACCOUNTS, BENCH_PASSWORD } from '../lib/seed-people';
import { expectStatus, signIn } from '../lib/sign-in';
import { anyOf, type WorkloadData } from '../lib/workload-data';
import { VARIANT_NOTES } from '../servers/app-variants';

const LIST = '/api/entities/tickets';
const WRITE_SHARE = 0.1;

/** Picks the next transition for a pool of tickets whose state it tracks. */
function transitionCycler(ticketIds: readonly string[], headers: Record<string, string>) {
  const pending = new Set<string>();
  let next = 0;
  return (): Shot => {
    const id = ticketIds[next++ % ticketIds.length]!;
    // Optimistic: a refused move (409) flips the belief back on the ticket's next turn.
    const name = pending.has(id) ? 'respond' : 'await';
    if (name === 'await') pending.add(id);
    else pending.delete(id);
    return {
      kind: 'write',
      method: 'POST',
      path: `${LIST}/${id}/transitions/${name}`,
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    };
  };
}

function kindRow(label: string, stats: LoadStats, kind: string): string[] {
  const k: KindStats = stats.byKind.get(kind) ?? { count: 0, p50: Number.NaN, p99: Number.NaN, failed: 0 };
  const seconds = stats.count / stats.rps;
  return [label, formatRate(k.count / seconds), latency(k), String(k.failed)];
}

/**
 * Runs the suite; returns its report (Markdown).
 * @example const markdown = await mixedSuite(run.file, data, runSettings());
 */
export async function mixedSuite(file: string, data: WorkloadData, settings: RunSettings): Promise<string> {
  const server = await startNinefold('bench-writes', file);
  try {
    const agent = await signIn(server, BENCH_ACCOUNTS.agent, BENCH_PASSWORD);
    const read = (): Shot =>
      Math.random() < 0.75
        ? { kind: 'read', path: `${LIST}/${anyOf(data.ticketIds)}`, headers: agent }
        : { kind: 'read', path: `${LIST}?limit=25`, headers: agent };
    const write = transitionCycler(data.openTicketIds, agent);
    await expectStatus(server, read(), 200);
    await expectStatus(server, write(), 200);
    await expectStatus(server, write(), 200);
    console.log('Mixed: reads only, against 90% reads + 10% transitions (agent)…');
    const [readsOnly, mixed] = await comparePair(
      { server, next: read, splitKinds: true },
      { server, next: () => (Math.random() < WRITE_SHARE ? write() : read()), splitKinds: true },
      settings,
    );
    const alone = readsOnly.byKind.get('read')!;
    const beside = mixed.byKind.get('read')!;
    const writes = mixed.byKind.get('write')?.count ?? 0;
    console.log(`    read p99 ${alone.p99.toFixed(2)} ms alone, ${beside.p99.toFixed(2)} ms beside writes`);
    return [
      `### Mixed: agent reads with and without 10% transitions beside them (${settings.connections} connections)`,
      '',
      markdownTable(
        ['phase', 'req/s', 'p50 / p99 ms', 'failed'],
        [
          kindRow('reads only: reads', readsOnly, 'read'),
          kindRow('mixed: reads', mixed, 'read'),
          kindRow('mixed: transitions', mixed, 'write'),
        ],
      ),
      '',
      `Read p99 beside writes ÷ read p99 alone: ${(beside.p99 / alone.p99).toFixed(2)}× ` +
        `(writes were ${((100 * writes) / mixed.count).toFixed(1)}% of ${formatRate(mixed.rps)} req/s). ` +
        'No target is set for this ratio; it is reported.',
      '',
      `Reads: 75% get by random id, 25% list page 1. Transitions: await / respond on ` +
        `${data.openTicketIds.length} open tickets. App: ${VARIANT_NOTES['bench-writes']}.`,
    ].join('\n');
  } finally {
    await stopAll([server]);
  }
}
