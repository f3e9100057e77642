/**
 * Issue #12, point 4, per dialect: a write to fields a reader may not read reaches them
 * neither through realtime nor through history. An admin edits a customer's account — its
 * `disabled` flag is hidden from agents, the whole account from other customers — while
 * each reader watches it over a socket. After every write, what each reader heard is what
 * the permission oracle says they may be told; at the end, so is each reader's history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness, TestUser } from '../helpdesk-harness';
import type { Settle } from '../realtime/bus-settler';
import { liveHelpdesk } from '../realtime/live-helpdesk';
import { sessionUser } from '../realtime/session-user';
import { TestSocket } from '../realtime/test-socket';
import { DIALECTS } from '../test-databases';
import { auditRows, rawRow } from '../workflows/ticket-fixtures';
import { type Actor, historyChanges, type Role, type Told, toldOfWrite, type World } from './helpdesk-oracle';

type Row = Record<string, unknown>;

/** The admin's writes to the account, in order; each changes something. */
const WRITES: readonly { readonly what: string; readonly patch: Row }[] = [
  { what: 'disables the account', patch: { disabled: true } },
  { what: 'enables it again', patch: { disabled: false } },
  { what: 'renames it', patch: { name: 'Subject Renamed' } },
  { what: 'renames and disables it at once', patch: { name: 'Subject Again', disabled: true } },
  { what: 'enables it', patch: { disabled: false } },
  { what: 'makes it an agent', patch: { role: 'agent' } },
];

const READERS = ['admin', 'agent', 'customer'] as const satisfies readonly Role[];
// Rows the oracle might look at for users: none (who reads a user depends on no other row).
const WORLD: World = {
  rows: { users: new Map(), teams: new Map(), tickets: new Map(), comments: new Map(), articles: new Map() },
  now: new Date(),
};

describe.each(DIALECTS)('hidden fields through realtime and history on %s', (dialect) => {
  let h: Harness;
  let port: number;
  let settle: Settle;
  let subject: string;
  let admin: TestUser;
  const readers = new Map<Role, { user: TestUser; socket: TestSocket }>();
  const actor = (user: TestUser): Actor => ({ id: user.id, role: user.role as Role });
  /** Per write, what the oracle said each reader should hear. */
  const verdicts: Record<string, Told>[] = [];

  beforeAll(async () => {
    ({ h, port, settle } = await liveHelpdesk(dialect));
    admin = await sessionUser(h.nf, 'admin', 'Admin');
    subject = String((await sessionUser(h.nf, 'customer', 'Subject')).id);
    for (const role of READERS) {
      const user = role === 'admin' ? admin : await sessionUser(h.nf, role, `Reader ${role}`);
      const socket = await TestSocket.open(port, user.headers);
      await socket.subscribe('people', 'users');
      await socket.subscribe('subject', 'users', {}, subject);
      readers.set(role, { user, socket });
    }
    await settle();
    for (const { socket } of readers.values()) {
      await socket.barrier();
      socket.take();
    }
  });
  afterAll(async () => {
    await Promise.all([...readers.values()].map((r) => r.socket.close()));
    await h?.close();
  });

  const rest = async (user: TestUser): Promise<Row | null> => {
    const res = await h.request({
      method: 'GET',
      url: `/api/entities/users/${subject}`,
      headers: user.headers,
    });
    if (res.statusCode === 404) return null;
    const { $can: _, ...record } = res.json() as Row;
    return record;
  };

  it.each(WRITES.map((w, step) => ({ ...w, step })))(
    'step $step: the admin $what, and each reader hears what the oracle allows',
    async ({ patch }) => {
      const before = await rawRow(h.nf.db, 'users', subject);
      const res = await h.request({
        method: 'PATCH',
        url: `/api/entities/users/${subject}`,
        headers: admin.headers,
        payload: patch,
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await rawRow(h.nf.db, 'users', subject);
      await settle();
      const told: Record<string, Told> = {};
      for (const [role, { user, socket }] of readers) {
        await socket.barrier();
        const heard = socket.take();
        const want = toldOfWrite(actor(user), 'users', before, after, WORLD);
        told[role] = want;
        const expected = want === null ? [] : ['people', 'subject'].map((sub) => ({ sub, event: want }));
        expect(
          heard.map((e) => ({ sub: e.sub, event: e.event })),
          `${role} heard ${JSON.stringify(heard)}`,
        ).toEqual(expected);
        // What it carries is exactly what REST answers the reader now, hidden fields absent.
        const now = await rest(user);
        for (const e of heard) expect(e.record, `${role}'s event record`).toEqual(now);
      }
      verdicts.push(told);
    },
  );

  it('the oracle withheld a write from the agent that the admin heard (so the property is not vacuous)', () => {
    expect(verdicts).toHaveLength(WRITES.length);
    expect(verdicts.some((v) => v.agent === null && v.admin === 'updated')).toBe(true);
    expect(verdicts.some((v) => v.agent === 'updated')).toBe(true);
  });

  it.each(READERS)("the %s's history of the account holds what the oracle allows, no more", async (role) => {
    const { user } = readers.get(role)!;
    const res = await h.request({
      method: 'GET',
      url: `/api/entities/users/${subject}/history`,
      headers: user.headers,
    });
    if ((await rest(user)) === null) {
      expect(res.statusCode).toBe(404);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const stored = await auditRows(h.nf.db, subject);
    const expected = stored.flatMap((r) => {
      const changes = historyChanges(actor(user), 'users', String(r.operation), r.changes as Row);
      return changes === null ? [] : [{ id: r.id, operation: r.operation, changes }];
    });
    const items = (res.json() as { items: Row[] }).items;
    expect(items.map((e) => ({ id: e.id, operation: e.operation, changes: e.changes }))).toEqual(expected);
    expect(stored).toHaveLength(WRITES.length + 1);
    if (role === 'agent') {
      // Three writes changed only `disabled`: three entries fewer, and no trace of the flag.
      expect(items).toHaveLength(stored.length - 3);
      expect(res.body).not.toContain('disabled');
    }
  });
});
