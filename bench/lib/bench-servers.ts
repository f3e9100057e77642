/**
 * Starting the servers a suite compares: Ninefold app variants and the bare ceiling, all
 * on the run's database file, and stopping them all afterwards.
 */
import type { VariantName } from '../servers/app-variants';
import { type ServerHandle, startServer } from './server-process';

/**
 * A Ninefold app variant (see bench/servers/app-variants.ts).
 * @example const nf = await startNinefold('helpdesk', run.file);
 */
export function startNinefold(variant: VariantName, file: string): Promise<ServerHandle> {
  return startServer(variant, 'ninefold-server', [variant, file]);
}

/**
 * The bare ceiling; its creates are filed for `requesterId` (it has no sessions). With
 * `mmap`, it reads the file through memory-mapped I/O as Ninefold does: a reference that
 * takes that one SQLite setting out of the ratio.
 * @example const ceiling = await startCeiling(run.file, data.customerId);
 */
export function startCeiling(file: string, requesterId: string, mmap = false): Promise<ServerHandle> {
  return mmap
    ? startServer('ceiling+mmap', 'bare-server', [file, requesterId, 'mmap'])
    : startServer('ceiling', 'bare-server', [file, requesterId]);
}

/** Stops every server given, in parallel. */
export async function stopAll(servers: readonly ServerHandle[]): Promise<void> {
  await Promise.all(servers.map((s) => s.stop()));
}
