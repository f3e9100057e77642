/**
 * Not a test: measures the heap an 8 MiB import body of tiny rows costs to refuse, the old
 * way (parse it all, then count) against `csvRows`/`jsonRows` (counted while read).
 * Run: node --expose-gc --conditions=@ninefold/source --import tsx packages/server/test/query/import-heap.measure.ts
 */
import { parse } from 'csv-parse/sync';
import { csvRows, jsonRows } from '../../src/core/records/import-rows';
import { queryApp } from './query-app';

const node = queryApp.entities.orders!;
const csv = `qty\n${'1\n'.repeat(4 * 1024 * 1024 - 8)}`;
const json = `[${'{},'.repeat(2_796_000)}{}]`;
const cases: [string, () => unknown][] = [
  ['csv old: parse all', () => parse(csv, { bom: true, skip_empty_lines: true })],
  ['csv new: csvRows', () => csvRows(node, csv)],
  ['json old: JSON.parse all', () => JSON.parse(json)],
  ['json new: jsonRows', () => jsonRows(node, json)],
];
const which = process.argv[2];
for (const [label, run] of cases) {
  if (which && !label.startsWith(which)) continue;
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const t = process.cpuUsage();
  let held: unknown;
  let outcome = 'returned';
  try {
    held = run();
  } catch (e) {
    outcome = `refused: ${(e as { params?: { reason?: string } }).params?.reason ?? e}`;
  }
  const after = process.memoryUsage().heapUsed;
  const cpu = process.cpuUsage(t);
  console.log(
    `${label}: +${((after - before) / 2 ** 20).toFixed(1)} MiB heap held, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU, ${outcome}`,
    Array.isArray(held) ? `(${held.length} rows)` : '',
  );
  held = undefined;
}
