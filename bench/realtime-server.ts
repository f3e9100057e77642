/**
 * Child process of the realtime benchmark: the helpdesk on an SQLite file, one process,
 * listening on 127.0.0.1 at a free port, which it reports to the parent over IPC.
 * Usage: realtime-server.ts <file>. Asked `stats` over IPC, it answers how busy its event
 * loop was since the previous ask, and how late its timers ran (p99 and max, in ms).
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createNinefold } from '@ninefold/server';
import app from '../examples/helpdesk/app';

const file = process.argv[2];
if (!file) throw new Error('usage: realtime-server.ts <file>');
const nf = await createNinefold(app, { database: file });
await nf.server.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (nf.server.server.address() as AddressInfo).port });
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let elu = performance.eventLoopUtilization();
process.on('message', (m) => {
  if ((m as { type?: string }).type !== 'stats') return;
  const busy = performance.eventLoopUtilization(elu).utilization;
  elu = performance.eventLoopUtilization();
  process.send?.({ type: 'stats', busy, delayP99: delay.percentile(99) / 1e6, delayMax: delay.max / 1e6 });
  delay.reset();
});
process.on('SIGTERM', () => {
  void nf.close().then(() => process.exit(0));
});
