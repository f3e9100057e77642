/**
 * What an admin does to accounts and teams over HTTP, per dialect: disabling ends the
 * person's sessions and sign-in until re-enabled; an admin cannot disable, demote or delete
 * themselves, and two admins disabling each other at once leave one active admin; a team
 * is set on an agent (not on a customer), renamed, and deleted with its members unassigned
 * (the spec's `onDelete: 'setNull'`). Every refusal changes nothing; every change is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PASSWORD, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { auditRows, rawRow } from './ticket-fixtures';

const U = '/api/entities/users';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(DIALECTS)('admins, accounts and teams on %s', (dialect) => {
  let h: Harness;
  let admin: TestUser;
  const send = (user: TestUser, method: Method, url: string, payload?: object) =>
    h.request({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const me = (user: TestUser) => h.request({ method: 'GET', url: '/api/auth/me', headers: user.headers });
  const login = (email: string) =>
    h.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });

  beforeAll(async () => {
    h = await startHelpdesk(dialect);
    admin = await h.user('admin');
  });
  afterAll(() => h.close());

  it('disabling ends the sessions and sign-in; enabling lets the person sign in again', async () => {
    const carol = await h.user('customer');
    const off = await send(admin, 'PATCH', `${U}/${carol.id}`, { disabled: true });
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(carol)).statusCode).toBe(401);
    expect((await login(carol.email)).json().code).toBe('INVALID_CREDENTIALS');
    const on = await send(admin, 'PATCH', `${U}/${carol.id}`, { disabled: false });
    expect(on.statusCode, on.body).toBe(200);
    expect((await login(carol.email)).statusCode).toBe(200);
    const entries = (await auditRows(h.nf.db, carol.id)).filter((e) => e.operation === 'update');
    expect(entries.map((e) => e.changes)).toEqual([{ disabled: [false, true] }, { disabled: [true, false] }]);
  });

  it.each([
    {
      what: 'disable',
      request: (id: string) => ['PATCH', `${U}/${id}`, { disabled: true }],
      path: 'disabled',
    },
    { what: 'demote', request: (id: string) => ['PATCH', `${U}/${id}`, { role: 'agent' }], path: 'role' },
    { what: 'delete', request: (id: string) => ['DELETE', `${U}/${id}`], path: '' },
  ] as const)('refuses an admin who would $what their own account, and changes nothing', async (c) => {
    const self = await h.user('admin');
    const before = await rawRow(h.nf.db, 'users', self.id);
    const audited = (await auditRows(h.nf.db)).length;
    const [method, url, payload] = c.request(self.id) as [Method, string, object?];
    const res = await send(self, method, url, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: c.path, code: 'rule' }] });
    expect(res.json().errors[0].message).toMatch(/^You cannot /);
    expect(await rawRow(h.nf.db, 'users', self.id)).toEqual(before);
    expect((await auditRows(h.nf.db)).length).toBe(audited);
    expect((await me(self)).statusCode).toBe(200);
  });

  it("sets an agent's team, refuses one for a customer, renames the team and deletes it, unassigning its members", async () => {
    const [agent, customer] = [await h.user('agent'), await h.user('customer')];
    const team = (await send(admin, 'POST', '/api/entities/teams', { name: `Night ${dialect}` })).json();
    const set = await send(admin, 'PATCH', `${U}/${agent.id}`, { team: team.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().team).toBe(team.id);
    const refused = await send(admin, 'PATCH', `${U}/${customer.id}`, { team: team.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([expect.objectContaining({ path: 'team', code: 'rule' })]);
    expect((await rawRow(h.nf.db, 'users', customer.id))?.team).toBeNull();

    const renamed = await send(admin, 'PATCH', `/api/entities/teams/${team.id}`, { name: `Late ${dialect}` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe(`Late ${dialect}`);
    const tooShort = await send(admin, 'PATCH', `/api/entities/teams/${team.id}`, { name: 'L' });
    expect(tooShort.statusCode).toBe(422);

    const gone = await send(admin, 'DELETE', `/api/entities/teams/${team.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await rawRow(h.nf.db, 'teams', team.id)).toBeUndefined();
    expect((await rawRow(h.nf.db, 'users', agent.id))?.team).toBeNull();
    const ops = (await auditRows(h.nf.db, team.id)).map((e) => e.operation);
    expect(ops).toEqual(['create', 'update', 'delete']);
    // The member's own history says why their team emptied, and who did it.
    const cleared = (await auditRows(h.nf.db, agent.id)).at(-1);
    expect(cleared).toMatchObject({
      entity: 'users',
      operation: 'update',
      actor: admin.id,
      changes: { team: [team.id, null] },
    });
  });

  it('lets two admins who disable each other at once leave one active admin', async () => {
    // Alone with a second admin: every other admin of this file is disabled first (so this
    // test goes last).
    const rows = await h.nf.db.all<{ id: string }>(
      h.nf.db.qb.selectFrom('users').select('id').where('role', '=', 'admin'),
    );
    const [a, b] = [await h.user('admin'), await h.user('admin')];
    for (const { id } of rows)
      expect((await send(a, 'PATCH', `${U}/${id}`, { disabled: true })).statusCode).toBe(200);
    const [ab, ba] = await Promise.all([
      send(a, 'PATCH', `${U}/${b.id}`, { disabled: true }),
      send(b, 'PATCH', `${U}/${a.id}`, { disabled: true }),
    ]);
    const statuses = [ab.statusCode, ba.statusCode].sort();
    // One goes through; the other is refused as the last admin — or, had the first already
    // ended its sessions, as signed out. Never both.
    expect(statuses[0], `${ab.body} ${ba.body}`).toBe(200);
    expect([401, 422]).toContain(statuses[1]);
    const refused = ab.statusCode === 200 ? ba : ab;
    if (refused.statusCode === 422)
      expect(refused.json().errors[0].message).toMatch(/^At least one active admin must remain/);
    const active = await h.nf.db.all(
      h.nf.db.qb
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('disabled', '=', dialect === 'sqlite' ? 0 : false),
    );
    expect(active).toHaveLength(1);
  });
});
