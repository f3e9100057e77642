/**
 * The process's own figures (CPU, memory, event-loop lag, garbage collection, handles), in a
 * registry of their own made once per process: they describe the process, not one server, and
 * prom-client's collectors for them (an event-loop delay monitor, a GC observer) are never
 * stopped, so one set per server would pile up where tests start hundreds of servers.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

/**
 * The process-wide registry of prom-client's default metrics, made on first use.
 * @example const text = await processMetrics().metrics(); // 'process_cpu_user_seconds_total …'
 */
export function processMetrics(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
