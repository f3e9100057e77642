/**
 * The helpdesk for realtime tests: listening on a loopback port for WebSockets, with a
 * settler that waits until every committed change has reached the sockets.
 */
import type { AddressInfo } from 'node:net';
import type { DialectName } from '../../src/db/database';
import type { RealtimeOptions } from '../../src/realtime/realtime-hub';
import { type Harness, startHelpdesk } from '../helpdesk-harness';
import { busSettler, type Settle } from './bus-settler';

export interface LiveHelpdesk {
  readonly h: Harness;
  readonly port: number;
  readonly settle: Settle;
}

/**
 * @example ({ h, port, settle } = await liveHelpdesk(dialect, { realtime: { queueLimit: 5 } }));
 */
export async function liveHelpdesk(
  dialect: DialectName,
  /** `realtime` sets the hub's bounds, low enough for a test to reach. */
  options: { now?: () => Date; realtime?: RealtimeOptions } = {},
): Promise<LiveHelpdesk> {
  const h = await startHelpdesk(dialect, options);
  await h.nf.server.listen({ port: 0, host: '127.0.0.1' });
  const port = (h.nf.server.server.address() as AddressInfo).port;
  return { h, port, settle: await busSettler(h.nf) };
}
