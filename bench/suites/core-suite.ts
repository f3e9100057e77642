/**
 * The core suite (issue "backend core", and "sign-in"): get by id, list page 1, a page
 * ~500,000 records deep and create, each as Ninefold against the bare ceiling on the same
 * file in the same run; the same reads against a ceiling that also uses mmap, for reference;
 * then, signed in as a customer, the same reads with the helpdesk's row rules on against the
 * same app with the customer's tickets read rule set to `true`.
 */

import { startCeiling, startNinefold, stopAll } from '../lib/bench-servers';
import { type RunSettings, workloadRunner } from '../lib/compare-pair';
import type { Shot } from '../lib/load-runner';
import { type Comparison, comparisonTable } from '../lib/report';
import { BENCH_ACCOUNTS, BENCH_PASSWORD } from '../lib/seed-people';
import { signIn } from '../lib/sign-in';
import { anyOf, type WorkloadData } from '../lib/workload-data';
import { VARIANT_NOTES } from '../servers/app-variants';

const LIST = '/api/entities/tickets';
const JSON_BODY = { 'content-type': 'application/json' };

function newTicket(): string {
  return JSON.stringify({
    subject: 'Export to CSV times out',
    description: 'Since this morning every export of more than a month of data times out after a minute.',
    priority: 'high',
    category: 'technical',
    tags: ['export', 'bug'],
  });
}

/**
 * Runs the suite; returns its report (Markdown).
 * @example const markdown = await coreSuite(run.file, data, runSettings());
 */
export async function coreSuite(file: string, data: WorkloadData, settings: RunSettings): Promise<string> {
  // One after another: each Ninefold server brings the schema to its spec in a write
  // transaction at start, and on a file just copied the first one's fsync can outlast the
  // others' busy timeout (they failed with SQLITE_BUSY).
  const servers = [
    await startCeiling(file, data.customerId),
    await startCeiling(file, data.customerId, true),
    await startNinefold('helpdesk', file),
    await startNinefold('open-reads', file),
    await startNinefold('bench-writes', file),
  ] as const;
  const [ceiling, mappedCeiling, helpdesk, openReads, benchWrites] = servers;
  try {
    const agent = await signIn(helpdesk, BENCH_ACCOUNTS.agent, BENCH_PASSWORD);
    const customer = await signIn(helpdesk, BENCH_ACCOUNTS.customer, BENCH_PASSWORD);
    const getAny = (headers = {}): Shot => ({ path: `${LIST}/${anyOf(data.ticketIds)}`, headers });
    const getOwn = (headers = {}): Shot => ({ path: `${LIST}/${anyOf(data.customerTicketIds)}`, headers });
    const page1 = (headers = {}): Shot => ({ path: `${LIST}?limit=25`, headers });
    const deep = (headers = {}): Shot => ({ path: `${LIST}?limit=25&cursor=${data.deepCursor}`, headers });
    const create = (headers = {}): Shot => ({
      method: 'POST',
      path: LIST,
      headers: { ...headers, ...JSON_BODY },
      body: newTicket(),
    });

    const rows: Comparison[] = [];
    const run = workloadRunner(rows, settings);

    console.log('Core: Ninefold (agent) against the bare ceiling');
    await run(
      'get by id (agent)',
      0.6,
      { server: helpdesk, next: () => getAny(agent) },
      { server: ceiling, next: () => getAny() },
    );
    await run(
      'list page 1 (agent)',
      0.6,
      { server: helpdesk, next: () => page1(agent) },
      { server: ceiling, next: () => page1() },
    );
    await run(
      'deep page, 500k in (agent)',
      0.6,
      { server: helpdesk, next: () => deep(agent) },
      { server: ceiling, next: () => deep() },
    );
    const ceilingRows = rows.splice(0);

    // Ninefold reads its SQLite file through mmap; the bare ceiling, as a naive server would,
    // does not. The same reads against a ceiling that does show Ninefold's own cost apart
    // from that setting. Reported, not judged: the targets are against the bare ceiling.
    console.log('Reference: Ninefold against a ceiling that also reads through mmap');
    await run(
      'get by id (agent)',
      null,
      { server: helpdesk, next: () => getAny(agent) },
      { server: mappedCeiling, next: () => getAny() },
    );
    await run(
      'list page 1 (agent)',
      null,
      { server: helpdesk, next: () => page1(agent) },
      { server: mappedCeiling, next: () => page1() },
    );
    await run(
      'deep page, 500k in (agent)',
      null,
      { server: helpdesk, next: () => deep(agent) },
      { server: mappedCeiling, next: () => deep() },
    );
    const mappedRows = rows.splice(0);

    // A/A: the same server and workload on both sides. Its distance from 1.00× is this run's
    // noise, the yardstick for every other ratio on a shared machine.
    console.log('Noise control: the ceiling against itself');
    await run(
      'get by id, ceiling vs ceiling',
      0.9,
      { server: ceiling, next: () => getAny() },
      { server: ceiling, next: () => getAny() },
    );
    const controlRows = rows.splice(0);

    console.log('Sign-in: customer with row rules against the same app with the rule off');
    await run(
      'get own ticket (customer)',
      0.9,
      { server: helpdesk, next: () => getOwn(customer) },
      { server: openReads, next: () => getOwn(customer) },
    );
    await run(
      'list page 1 (customer)',
      0.9,
      { server: helpdesk, next: () => page1(customer) },
      { server: openReads, next: () => page1(customer) },
    );
    const rulesRows = rows.splice(0);

    // Creates go last: they add rows, which every other workload would then see.
    console.log('Create: Ninefold (customer, bench-writes variant) against the bare ceiling');
    await run(
      'create ticket (customer)',
      1.0,
      { server: benchWrites, next: () => create(customer) },
      { server: ceiling, next: () => create() },
      201,
    );
    const createRows = rows.splice(0);

    return [
      `### Core: Ninefold against the bare ceiling (${settings.connections} connections, ${settings.seconds} s per side)`,
      '',
      comparisonTable('ceiling', [...ceilingRows, ...createRows]),
      '',
      '### Reference: Ninefold against a ceiling that also reads through mmap (reported, not a target)',
      '',
      comparisonTable('ceiling+mmap', mappedRows),
      '',
      '### Sign-in: customer with the helpdesk row rules against the same reads with the rule off',
      '',
      comparisonTable('rules off', rulesRows),
      '',
      '### Noise control (A/A): the same server and workload on both sides',
      '',
      comparisonTable('same', controlRows),
      '',
      `Variants: helpdesk = ${VARIANT_NOTES.helpdesk}; rules off = ${VARIANT_NOTES['open-reads']};`,
      `create = ${VARIANT_NOTES['bench-writes']} (signed in as the customer; every other create check runs).`,
    ].join('\n');
  } finally {
    await stopAll(servers);
  }
}
