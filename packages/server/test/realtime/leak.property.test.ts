/**
 * Realtime as a property, per dialect: a cast of customers, agents and an admin subscribed
 * at once — to whole entities, filtered queries and single records — while random writes run
 * through HTTP. After every step, compared with REST as each subscriber at that moment:
 * nobody hears of a record, a field or an internal note REST would not show them; everyone
 * hears every change they may read, in order, and `removed` or `deleted` when a record
 * leaves what they may see. A role change closes the member's socket (4001); they sign in
 * again and resubscribe, as a client does. REALTIME_LEAK_RUNS sets the run count, FC_SEED
 * replays a failure.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness, TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import type { Settle } from './bus-settler';
import {
  CAST,
  CAST_ROLES,
  describeOp,
  entitiesOf,
  type LeakOp,
  leakOp,
  type RunRecords,
  runOp,
} from './leak-ops';
import { liveHelpdesk } from './live-helpdesk';
import { renewSession, sessionUser } from './session-user';
import {
  checkStep,
  connect,
  count,
  type Member,
  RestNow,
  subscriptionsFor,
  type Tally,
} from './subscriber-views';
import type { CloseInfo } from './test-socket';

const RUNS = Number(process.env.REALTIME_LEAK_RUNS ?? 25);

/** Run first, whatever the random runs draw: promotion and demotion, notes, a cascade, a burst. */
const COVERED: LeakOp[] = [
  { kind: 'comment', by: 'requester', ticket: 0, internal: false },
  { kind: 'comment', by: 3, ticket: 0, internal: true },
  { kind: 'transition', by: 3, ticket: 0, name: 'triage', pick: 0, assignee: 4 },
  { kind: 'role', change: 'toggle' },
  { kind: 'reassign', by: 4, ticket: 0, to: 0 },
  { kind: 'comment', by: 0, ticket: 0, internal: true },
  { kind: 'transition', by: 4, ticket: 0, name: 'await', pick: 0, assignee: null },
  { kind: 'role', change: 'toggle' },
  { kind: 'role', change: 'same' },
  { kind: 'create', by: 2, priority: 'high' },
  {
    kind: 'burst',
    ops: [
      { kind: 'transition', by: 'requester', ticket: 0, name: 'respond', pick: 0, assignee: null },
      { kind: 'comment', by: 'requester', ticket: 0, internal: false },
      { kind: 'transition', by: 3, ticket: 1, name: 'triage', pick: 0, assignee: 3 },
    ],
  },
  { kind: 'deleteTicket', ticket: 0 },
  { kind: 'deleteComment', comment: 0 },
];
const SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);

describe.each(DIALECTS)('realtime agrees with REST, never leaking and never losing, on %s', (dialect) => {
  let h: Harness;
  let port: number;
  let settle: Settle;
  const tally: Tally = new Map();

  beforeAll(async () => {
    ({ h, port, settle } = await liveHelpdesk(dialect));
  });
  afterAll(() => h?.close());

  /** One run: a fresh cast and an anchor ticket, then the ops, checked after each. */
  async function scenario(ops: readonly LeakOp[]): Promise<void> {
    const since = h.nf.core.now().toISOString();
    const cast: TestUser[] = [];
    for (const [i, name] of CAST.entries()) cast.push(await sessionUser(h.nf, CAST_ROLES[i]!, name));
    const records: RunRecords = { tickets: [], comments: [] };
    // The anchor: the ticket the single-record and thread subscriptions watch.
    expect((await runOp(h, cast, records, { kind: 'create', by: 1, priority: 'normal' })).status).toBe(201);
    const anchor = records.tickets[0]!.id;
    // The cast and the anchor are announced before anyone subscribes: on PostgreSQL they come
    // through NOTIFY a moment after the commit, and heard later they would land in step 0.
    await settle();
    const members: Member[] = cast.map((user, i) => ({
      name: CAST[i]!,
      user,
      socket: undefined as never,
      subs: subscriptionsFor(user, anchor),
      views: new Map(),
      versions: new Map(),
    }));
    const switcher = members[0]!;
    try {
      const rest = new RestNow(h, since);
      for (const m of members) await connect(port, m, rest);
      for (const [step, op] of ops.entries()) {
        const where = `step ${step} ${describeOp(op)}`;
        const outcome = await runOp(h, cast, records, op);
        const refused = outcome.status >= 400;
        count(tally, `op:${op.kind}:${refused ? `refused:${outcome.code}` : 'ok'}`);
        await settle();
        let closed: CloseInfo | undefined;
        if (outcome.roleChanged) closed = await switcher.socket.closedWithin();
        // The pong proves the socket is still open and everything sent before it has arrived.
        await Promise.all(members.filter((m) => m !== switcher || !closed).map((m) => m.socket.barrier()));
        const now = new RestNow(h, since);
        const listening = closed ? members.slice(1) : members;
        const heard = new Map(listening.map((m) => [m, m.socket.take()] as const));
        await checkStep(h, now, listening, where, tally, heard, { refused, entities: entitiesOf(op) });
        if (outcome.roleChanged && closed) {
          expect(closed.code, `${where}: close code`).toBe(4001);
          count(tally, `closed:${outcome.roleChanged}`);
          const me = await h.request({ method: 'GET', url: '/api/auth/me', headers: switcher.user.headers });
          expect(me.statusCode, `${where}: the old session still works`).toBe(401);
          switcher.user = await renewSession(h.nf, switcher.user, outcome.roleChanged);
          cast[0] = switcher.user;
          switcher.subs = subscriptionsFor(switcher.user, anchor);
          await connect(port, switcher, now);
        }
      }
      // Once more at the end, every view of every member.
      await Promise.all(members.map((m) => m.socket.barrier()));
      const heard = new Map(members.map((m) => [m, m.socket.take()] as const));
      await checkStep(h, new RestNow(h, since), members, 'after the last step', tally, heard, {
        refused: true,
      });
    } finally {
      await Promise.all(members.map((m) => m.socket?.close()));
    }
  }

  it(`matches REST after every step of ${RUNS} random write sequences`, async () => {
    const property = fc.asyncProperty(fc.array(leakOp, { minLength: 4, maxLength: 24 }), scenario);
    const details = await fc.check(property, {
      numRuns: RUNS,
      examples: [[COVERED]],
      ...(SEED === undefined ? {} : { seed: SEED }),
    });
    if (details.failed) {
      console.error(`[realtime leak on ${dialect}] seed=${details.seed} path=${details.counterexamplePath}`);
      throw new Error(`${fc.defaultReportMessage(details)}\n${String(details.errorInstance)}`);
    }
    console.info(`[realtime leak on ${dialect}] ${JSON.stringify(Object.fromEntries([...tally].sort()))}`);
    // Not vacuous: every kind of event was heard, and withheld where REST hides the record.
    const seen = (key: string) => tally.get(key) ?? 0;
    for (const key of [
      'tickets:created',
      'tickets:updated',
      'tickets:transitioned',
      'tickets:removed',
      'tickets:deleted',
      'comments:created',
      'comments:deleted',
      'users:updated',
      'withheld:tickets:customer',
      'withheld:comments:customer',
      'withheld:users:customer',
      'closed:agent',
      'closed:customer',
    ])
      expect(seen(key), `${key} in ${JSON.stringify(Object.fromEntries(tally))}`).toBeGreaterThan(0);
    const refusals = [...tally].filter(([k]) => k.includes(':refused:')).reduce((n, [, v]) => n + v, 0);
    expect(refusals).toBeGreaterThan(0);
  }, 600_000);
});
