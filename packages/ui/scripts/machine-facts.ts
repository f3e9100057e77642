/**
 * The machine a measurement ran on, in one line: scores and timings mean little without it.
 */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';

/**
 * @example machineFacts('/usr/bin/chromium') // 'Machine: 8 × Intel(R) Xeon(R) …, 16 GiB; Node v20.20.2; Chromium 141.0…'
 */
export function machineFacts(chromePath: string): string {
  const cpu = cpus();
  let chromium = 'unknown';
  try {
    chromium = execFileSync(chromePath, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // A missing or odd binary still lets the facts print.
  }
  const gib = (totalmem() / 1024 ** 3).toFixed(0);
  return `Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${gib} GiB; Node ${process.version}; ${chromium}`;
}
