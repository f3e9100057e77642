import app from '@ninefold/example-helpdesk';
import { createTestApp, type TestApp, testDialects, testSockets } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ImportProgress, isNinefoldError } from '../src/index';

type Helpdesk = typeof app;
type TestUser = { readonly id: string; readonly token: string };

// Totals, search, expand, aggregates, export and import through the typed client, each
// answer checked against what the caller may read: two customers' tickets side by side, so a
// leak of the other's shows as a wrong number.
describe.each(testDialects())('the client’s query calls against a real server on %s', (dialect) => {
  let t: TestApp<Helpdesk>;
  let agent: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const as = (user: TestUser) =>
    createClient<Helpdesk>({ url: t.url, token: user.token, webSocket: testSockets().factory });
  const user = async (role: 'customer' | 'agent'): Promise<TestUser> => {
    const signedIn = await t.clientAs(role);
    return { id: signedIn.user!.id, token: signedIn.auth.token! };
  };
  let assigned: string;

  beforeAll(async () => {
    t = await createTestApp(app, { database: dialect });
    agent = await user('agent');
    alice = await user('customer');
    bob = await user('customer');
    const a = as(alice);
    const first = await a.create('tickets', { subject: 'Zephyr printer jams', description: 'Tray two.' });
    await a.create('tickets', { subject: 'Zephyr scanner is slow', description: 'Since Monday.' });
    await a.create('tickets', { subject: 'Invoice is wrong', description: 'Billed twice.' });
    await as(bob).create('tickets', { subject: 'Zephyr login fails', description: 'Password reset.' });
    await as(bob).create('tickets', { subject: 'Cannot upload files', description: 'Too large.' });
    assigned = first.id;
    await as(agent).transition('tickets', first.id, 'triage', { assignee: agent.id });
  });
  afterAll(() => t.close());

  it('counts only what the caller may read, over every page', async () => {
    const cases: [TestUser, object, number][] = [
      [alice, {}, 3],
      [bob, {}, 2],
      [agent, {}, 5],
      [agent, { requester: bob.id }, 2],
      [alice, { status: 'open' }, 1],
    ];
    for (const [who, where, total] of cases) {
      const page = await as(who).list('tickets', { where, count: true, limit: 1 });
      expect({ where, total: page.total, items: page.items.length }).toEqual({ where, total, items: 1 });
    }
    expect((await as(alice).list('tickets')).total).toBeUndefined();
  });

  it('searches the searchable fields, ranked, within what the caller may read', async () => {
    const subjects = async (who: TestUser, search: string) =>
      (await as(who).list('tickets', { search, count: true })).items.map((x) => x.subject).sort();
    expect(await subjects(alice, 'zephyr')).toEqual(['Zephyr printer jams', 'Zephyr scanner is slow']);
    expect(await subjects(bob, 'zephyr')).toEqual(['Zephyr login fails']);
    expect(await subjects(agent, 'zephyr')).toHaveLength(3);
    expect(await subjects(agent, 'monday')).toEqual(['Zephyr scanner is slow']);
    expect(await subjects(bob, 'billed')).toEqual([]);
  });

  it('expands references, each judged by its own read and field rules', async () => {
    const mine = await as(alice).list('tickets', {
      expand: ['requester', 'assignee'],
      where: { status: 'open' },
    });
    const item = mine.items[0]!;
    expect(item.id).toBe(assigned);
    expect(item.$expand.requester?.id).toBe(alice.id);
    // A customer may not read an agent's account: the reference stays, the record does not.
    expect(item.assignee).toBe(agent.id);
    expect(item.$expand.assignee).toBeNull();
    const seen = await as(agent).get('tickets', assigned, { expand: ['assignee', 'team'] });
    expect(seen.$expand.assignee?.id).toBe(agent.id);
    expect(seen.$expand.team).toBeNull();
    // An agent reads only some fields of an account, in an expansion as anywhere else.
    const allowed = ['id', 'createdAt', 'updatedAt', 'version', 'name', 'email', 'role', 'team'];
    const fields = Object.keys(seen.$expand.assignee ?? {}).filter((k) => !k.startsWith('$'));
    expect(fields.filter((k) => !allowed.includes(k))).toEqual([]);
    expect(fields).toContain('email');
    const bad = await as(alice)
      .list('tickets', { expand: ['subject' as never] })
      .catch((e: unknown) => e);
    expect(isNinefoldError(bad) && [bad.status, bad.code]).toEqual([400, 'MALFORMED_REQUEST']);
  });

  it('aggregates over what the caller may read, typed by the query', async () => {
    const byStatus = async (who: TestUser) => {
      const { groups } = await as(who).aggregate('tickets', { groupBy: ['status'], count: true });
      return Object.fromEntries(groups.map((g) => [g.key.status, g.count]));
    };
    expect(await byStatus(alice)).toEqual({ new: 2, open: 1 });
    expect(await byStatus(bob)).toEqual({ new: 2 });
    expect(await byStatus(agent)).toEqual({ new: 4, open: 1 });
    const filtered = await as(agent).aggregate('tickets', {
      groupBy: ['priority'],
      count: true,
      max: ['subject'],
      where: { requester: alice.id },
    });
    expect(filtered.groups).toEqual([
      { key: { priority: 'normal' }, count: 3, max: { subject: 'Zephyr scanner is slow' } },
    ]);
    const bad = await as(agent)
      .aggregate('tickets', { groupBy: ['nothing' as never] })
      .catch((e: unknown) => e);
    expect(isNinefoldError(bad) && [bad.status, bad.code]).toEqual([400, 'MALFORMED_REQUEST']);
  });

  it('exports the list as the caller sees it, as CSV and as JSON', async () => {
    const csv = await (await as(alice).export('tickets', { format: 'csv', where: { status: 'new' } })).text();
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('subject');
    expect(
      lines.slice(1).map((l) => l.includes('Zephyr scanner is slow') || l.includes('Invoice is wrong')),
    ).toEqual([true, true]);
    expect(csv).not.toContain('Zephyr login fails');
    const json = JSON.parse(await (await as(bob).export('tickets', { format: 'json' })).text()) as {
      subject: string;
    }[];
    expect(json.map((r) => r.subject).sort()).toEqual(['Cannot upload files', 'Zephyr login fails']);
    expect(as(bob).exportUrl('tickets', { where: { status: 'new' } })).toBe(
      `${t.url}/api/entities/tickets/export?status=new&format=csv`,
    );
  });

  it('imports row by row with a report by row, and all-or-nothing writes nothing on a failure', async () => {
    const carol = await user('customer');
    const c = as(carol);
    const each = await c.import(
      'tickets',
      'subject,description\nMonitor flickers,Every hour.\nNo,Too short a subject.\nKeyboard sticks,The E key.\n',
      { mode: 'each' },
    );
    expect({ ...each, rows: each.rows.map((r) => [r.row, r.status, r.code ?? null]) }).toEqual({
      mode: 'each',
      total: 3,
      created: 2,
      failed: 1,
      rows: [
        [1, 'created', null],
        [2, 'failed', 'VALIDATION_FAILED'],
        [3, 'created', null],
      ],
    });
    expect(each.rows[1]!.errors?.map((e) => e.path)).toEqual(['subject']);
    const all = await c.import(
      'tickets',
      [
        { subject: 'Mouse is dead', description: 'x' },
        { subject: 'Nope', description: 'x' },
      ],
      { mode: 'all' },
    );
    expect([all.created, all.failed]).toEqual([0, 1]);
    expect(all.rows.map((r) => r.status)).toEqual(['skipped', 'failed']);
    expect((await c.list('tickets', { count: true })).total).toBe(2);
  });

  it('reports an import’s progress as the server streams it, then its report', async () => {
    const dave = await user('customer');
    const seen: ImportProgress[] = [];
    const report = await as(dave).import(
      'tickets',
      [1, 2, 3].map((n) => ({ subject: `Streamed ticket ${n}`, description: 'x' })),
      { mode: 'each', onProgress: (p) => seen.push(p) },
    );
    expect([report.total, report.created]).toEqual([3, 3]);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p.total === 3 && p.done <= 3)).toBe(true);
    // Refused before any row is read: a problem, not a stream.
    const refused = await as(dave)
      .import('tickets', 'subject,description\nFine subject,x\n', {
        mode: 'some' as never,
        onProgress: () => {},
      })
      .catch((e: unknown) => e);
    expect(isNinefoldError(refused) && [refused.status, refused.code]).toEqual([400, 'MALFORMED_REQUEST']);
    expect((await as(dave).list('tickets', { count: true })).total).toBe(3);
  });
});
