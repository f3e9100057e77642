/**
 * The `ninefold` binary of this installation, for the processes `dev` starts: found from
 * this module's folder upwards, so it is the same whether the CLI runs from its sources or
 * from its bundled dist/ (whose chunks sit one folder deeper).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * @example spawn(process.execPath, [cliBin(), 'check', appDir])
 */
export function cliBin(): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    const bin = join(dir, 'bin', 'ninefold.js');
    if (existsSync(bin)) return bin;
    if (dirname(dir) === dir) throw new Error(`no bin/ninefold.js above ${import.meta.dirname}`);
  }
}
