/**
 * Regression (PostgreSQL only): the cross-process change bus lives through failures. A
 * reader server whose bus connects as its own database role hears comments written through
 * another server (another pool, another bus connection). Failures are real, made in the
 * database: the role loses SELECT on the outbox (a read fails), or its connection is
 * terminated while the role may not log in (LISTEN is gone until it may again). It used to
 * be that one failed read left the bus's read chain rejected and a lost connection was never
 * re-opened: that process heard nothing ever again. Now every comment reaches the reader's
 * subscriber, in order and once; and when the outbox was pruned during the gap, so that
 * catch-up is impossible, the subscriber is told to resync — whether the gap was a lost
 * connection or reads failing on a live one (that case used to skip the pruned events
 * silently: the pruned mark was checked only on reconnect).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import helpdesk from '@ninefold/example-helpdesk';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeBus } from '../../src/core/changes/change-bus';
import { createCore } from '../../src/core/ninefold-core';
import type { Caller } from '../../src/core/rules/rule-context';
import type { Database } from '../../src/db/database';
import { openDatabase } from '../../src/db/open-database';
import { pruneOutbox } from '../../src/db/postgres/outbox';
import { postgresBus } from '../../src/db/postgres/postgres-bus';
import { buildServer } from '../../src/http/build-server';
import { type Harness, startHelpdesk } from '../helpdesk-harness';
import { PG_URL } from '../test-databases';
import { sessionUser } from './session-user';
import { type EventMessage, TestSocket } from './test-socket';

if (!PG_URL) console.warn('[bus recovers] TEST_DATABASE_URL is not set: skipped (it needs PostgreSQL).');

const WAIT_MS = 15_000;

/** Waits until `ok` holds, checking every few milliseconds; fails with `what` after a while. */
async function until(what: string, ok: () => boolean | Promise<boolean>): Promise<void> {
  const give = Date.now() + WAIT_MS;
  while (!(await ok())) {
    if (Date.now() > give) throw new Error(`still waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.skipIf(!PG_URL)('regression: the change bus recovers from failures (postgres)', () => {
  const role = `nf_bus_${randomBytes(5).toString('hex')}`;
  let writer: Harness;
  let admin: pg.Client;
  let bus: ChangeBus;
  let readerDb: Database;
  let reader: FastifyInstance;
  let socket: TestSocket;
  let customer: Caller;
  let ticket: string;
  /** What the reader's bus reported as failed, in order. */
  const logged: string[] = [];

  beforeAll(async () => {
    writer = await startHelpdesk('postgres');
    admin = new pg.Client({ connectionString: writer.url });
    await admin.connect();
    const schema = (await admin.query<{ s: string }>('select current_schema() as s')).rows[0]!.s;
    await admin.query(`create role ${role} login`);
    await admin.query(`grant usage, create on schema ${schema} to ${role}`);
    await admin.query(`grant select, insert, update, delete on nf_events, nf_events_pruned to ${role}`);
    const url = new URL(writer.url);
    url.username = role;
    bus = await postgresBus(url.toString(), {
      log: (message, error) => logged.push(`${message}: ${(error as Error).message}`),
    });
    // The reader server: its own pool (as the superuser) and the bus above.
    readerDb = openDatabase(writer.url);
    reader = await buildServer(createCore(helpdesk, readerDb, { bus }));
    await reader.listen({ port: 0, host: '127.0.0.1' });
    const agent = await sessionUser(writer.nf, 'agent');
    const c = await sessionUser(writer.nf, 'customer');
    customer = { id: c.id, role: c.role, email: c.email };
    ticket = String(
      (await writer.nf.core.create(customer, 'tickets', { subject: 'Bus trouble', description: 'Hm.' })).id,
    );
    socket = await TestSocket.open((reader.server.address() as AddressInfo).port, agent.headers);
    await socket.subscribe('comments', 'comments');
  }, 60_000);

  afterAll(async () => {
    await socket?.close();
    await reader?.close();
    await bus?.close();
    await readerDb?.close();
    await writer?.close();
    await admin?.query(`drop owned by ${role}`).catch(() => {});
    await admin?.query(`drop role if exists ${role}`);
    await admin?.end();
  });

  /** A comment written through the writer server; its id. */
  const comment = async (body: string) =>
    String((await writer.nf.core.create(customer, 'comments', { ticket, body })).id);

  const heard = (id: string) => socket.next((m) => m.type === 'event' && m.id === id, 0);

  /** Ends the bus's connection while its role may not log in: the bus cannot come back. */
  const cutOff = async () => {
    await admin.query(`alter role ${role} nologin`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [role]);
    const from = logged.length;
    await until('a refused reconnect', () =>
      logged.slice(from).some((l) => l.includes('reconnecting the change bus failed')),
    );
  };

  const busConnected = async () =>
    (
      await admin.query('select 1 from pg_stat_activity where usename = $1 and application_name = $2', [
        role,
        'ninefold-change-bus',
      ])
    ).rowCount === 1;

  it('delivers every event after a failed read of the outbox, retried from where it stopped', async () => {
    const first = await comment('Before the failure.');
    await heard(first);
    await admin.query(`revoke select on nf_events from ${role}`);
    const from = logged.length;
    const during = [await comment('Read fails.'), await comment('Read fails again.')];
    await until('a failed read, reported', () =>
      logged.slice(from).some((l) => l.includes('reading the change outbox failed')),
    );
    await admin.query(`grant select on nf_events to ${role}`);
    // No new notification: the retry alone reads what the failed reads missed.
    await heard(during[1]!);
    const after = await comment('After the failure.');
    await heard(after);
    await socket.barrier();
    expect(socket.take().map((e: EventMessage) => e.id)).toEqual([first, ...during, after]);
  }, 60_000);

  it('reconnects after losing LISTEN and catches up, in order and once', async () => {
    const first = await comment('Before the gap.');
    await heard(first);
    await cutOff();
    const during = [await comment('In the gap, 1.'), await comment('In the gap, 2.')];
    await admin.query(`alter role ${role} login`);
    await heard(during[1]!);
    expect(await busConnected()).toBe(true);
    const after = [await comment('After the gap, 1.'), await comment('After the gap, 2.')];
    await heard(after[1]!);
    await socket.barrier();
    expect(socket.take().map((e) => e.id)).toEqual([first, ...during, ...after]);
  }, 60_000);

  it('tells subscribers to resync when the outbox was pruned during the gap', async () => {
    const first = await comment('Before the prune.');
    await heard(first);
    socket.take();
    await cutOff();
    const pruned = await comment('Pruned before the bus came back.');
    // The outbox keeps rows for a while; here, everything goes.
    await pruneOutbox(admin, new Date(Date.now() + 60_000));
    const kept = await comment('Written after the prune.');
    const from = socket.messages.length;
    await admin.query(`alter role ${role} login`);
    await heard(kept);
    await socket.barrier();
    const messages = socket.messages.slice(from).filter((m) => m.type !== 'pong');
    expect(messages.map((m) => (m.type === 'event' ? m.id : m.type))).toEqual(['resync', kept]);
    // What a client does on resync: read again. Nothing is missing there.
    const list = await writer.nf.core.list(customer, 'comments', { ticket, limit: '100' });
    expect(list.items.map((c) => String(c.id))).toEqual(expect.arrayContaining([first, pruned, kept]));
  }, 60_000);

  it('tells subscribers to resync when the outbox was pruned while reads kept failing, connected', async () => {
    const first = await comment('Before the failing reads.');
    await heard(first);
    const from = socket.messages.length;
    await admin.query(`revoke select on nf_events from ${role}`);
    const failed = logged.length;
    const pruned = await comment('Pruned while reads fail.');
    await until('a failed read, reported', () =>
      logged.slice(failed).some((l) => l.includes('reading the change outbox failed')),
    );
    // Another process prunes meanwhile; the bus's connection was never lost.
    await pruneOutbox(admin, new Date(Date.now() + 60_000));
    const kept = await comment('Written after the prune.');
    await admin.query(`grant select on nf_events to ${role}`);
    await heard(kept);
    await socket.barrier();
    expect(await busConnected()).toBe(true);
    expect(logged.slice(failed).some((l) => l.includes('reconnect'))).toBe(false);
    const messages = socket.messages.slice(from).filter((m) => m.type !== 'pong');
    expect(messages.map((m) => (m.type === 'event' ? m.id : m.type))).toEqual(['resync', kept]);
    const list = await writer.nf.core.list(customer, 'comments', { ticket, limit: '100' });
    expect(list.items.map((c) => String(c.id))).toEqual(expect.arrayContaining([first, pruned, kept]));
  }, 60_000);
});
