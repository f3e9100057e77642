/**
 * `npm run bench -- <suite>`: core, mixed, postgres, query, realtime, realtime-10k or all (default all);
 * `soak`, `timers` and `files` run alone, each on databases of its own. Seeds (or reuses) the
 * 1,000,000-ticket database, copies it for this run, runs the suites, prints their tables
 * and writes them to bench/.data/results-<time>.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DATA_DIR } from './lib/bench-paths';
import type { RunSettings } from './lib/compare-pair';
import { runSettings } from './lib/compare-pair';
import { machineInfo } from './lib/report';
import { copyForRun, seededDatabase } from './lib/seed-database';
import { loadWorkloadData, type WorkloadData } from './lib/workload-data';
import { coreSuite } from './suites/core-suite';
import { mixedSuite } from './suites/mixed-suite';
import { postgresSuite } from './suites/postgres-suite';
import { querySuite } from './suites/query-suite';

type Suite = (file: string, data: WorkloadData, settings: RunSettings) => Promise<string>;

const SUITES: Record<string, Suite> = {
  core: coreSuite,
  mixed: mixedSuite,
  postgres: postgresSuite,
  query: querySuite,
};
SUITES.realtime = () => import('./realtime-bench').then((m) => m.realtimeSuite());
// The same workload with ten times the subscribers on one process.
SUITES['realtime-10k'] = () =>
  import('./realtime-bench').then((m) =>
    m.realtimeSuite({ ...m.realtimeSettings(), subscribers: 10_000, agents: 99 }),
  );

// Suites on databases of their own, with no 1,000,000-ticket seed, and not part of `all`:
// the soak grows its own ~50,000-ticket table (three minutes by design); the timers suite
// files 10,000 timers per dialect and waits for them to come due; the files suite stores
// its few files on a disk store of its own.
const STANDALONE: Record<string, () => Promise<string>> = {
  soak: () => import('./suites/soak-suite').then((m) => m.soakSuite()),
  timers: () => import('./suites/timers-suite').then((m) => m.timersSuite()),
  // A 1 MiB download against a bare static server, and a 100 MB upload's memory (issue #18).
  files: () => import('./suites/files-suite').then((m) => m.filesSuite()),
};
const standalone = STANDALONE[process.argv[2] ?? ''];
if (standalone) {
  const markdown = await standalone();
  console.log(`\n${markdown}`);
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(
    join(DATA_DIR, `results-${process.argv[2]}-${new Date().toISOString().replace(/[:.]/g, '-')}.md`),
    markdown,
  );
  process.exit(process.exitCode ?? 0);
}

const name = process.argv[2] ?? 'all';
const chosen = name === 'all' ? Object.keys(SUITES) : [name];
const unknown = chosen.filter((s) => !(s in SUITES));
if (unknown.length > 0) {
  console.error(
    `Unknown suite ${unknown.join(', ')}; choose one of ${[...Object.keys(SUITES), ...Object.keys(STANDALONE)].join(', ')}, all.`,
  );
  process.exit(2);
}

const started = Date.now();
const machine = machineInfo();
const settings = runSettings();
console.log(`Machine: ${machine}`);
const run = copyForRun(await seededDatabase());
try {
  const data = loadWorkloadData(run.file);
  const reports: string[] = [];
  for (const suite of chosen) reports.push(await SUITES[suite]!(run.file, data, settings));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const markdown = [
    `## Ninefold benchmark: ${chosen.join(', ')} (${new Date().toISOString()})`,
    '',
    // The machine may be shared: how busy it was at the end says how far to trust the ratios.
    `Machine: ${machine}. Whole run: ${minutes} min, load average at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
    '',
    ...reports.flatMap((r) => [r, '']),
  ].join('\n');
  console.log(`\n${markdown}`);
  mkdirSync(DATA_DIR, { recursive: true });
  const out = join(DATA_DIR, `results-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(out, markdown);
  console.log(`Written to ${out}`);
} finally {
  run.dispose();
}
