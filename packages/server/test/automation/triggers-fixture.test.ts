/**
 * Issue #17, triggers, per dialect, on a small fixture app: an inline trigger whose effect
 * fails refuses the write whole; triggers that start each other are refused as a loop with
 * nothing written; a `run: 'job'` trigger runs after the commit, with the input its event
 * left, is tried again after a failure and never runs twice.
 */
import { checkApp } from '@ninefold/spec';
import { createTestApp, type TestApp } from '@ninefold/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import app, { flaky } from './triggers-app';

type Cards = typeof app;
type Client = Awaited<ReturnType<TestApp<Cards>['clientAs']>>;

it('the fixture passes the checker', () => {
  expect(checkApp(app).problems).toEqual([]);
});

describe.each(DIALECTS)('triggers on %s', (dialect) => {
  let t: TestApp<Cards>;
  let member: Client;

  beforeAll(async () => {
    t = await createTestApp(app, { database: dialect, clock: '2031-02-01T08:00:00.000Z' });
    member = await t.clientAs('member');
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    // Jobs left by earlier tests' cards run first, so each test counts only its own.
    await t.runJobs();
    flaky.failures = 0;
    flaky.runs = 0;
  });

  const rows = (table: string) => t.db.all<Record<string, unknown>>(t.db.qb.selectFrom(table).selectAll());
  const jobsOf = async (name: string) =>
    (await rows('nf_jobs'))
      .filter((j) => j.name === name)
      .map(
        (j): Record<string, unknown> => ({
          ...j,
          payload: typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload,
        }),
      );
  const logsOf = async (card: string) => (await rows('logs')).filter((l) => l.card === card);

  it('an inline trigger whose effect fails refuses the write, and nothing of it is written', async () => {
    const [cards, audit, jobs] = [
      (await rows('cards')).length,
      (await rows('nf_audit')).length,
      (await rows('nf_jobs')).length,
    ];
    const refused = await member.create('cards', { title: 'explode' }).catch((e: unknown) => e);
    expect(member.isError(refused, 'EXPLODED')).toBe(true);
    expect((await rows('cards')).length).toBe(cards);
    expect((await rows('nf_audit')).length).toBe(audit);
    // Not even the queued trigger of the same write (logCard) is left behind.
    expect((await rows('nf_jobs')).length).toBe(jobs);
  });

  it('triggers that start each other are refused as a loop: INTERNAL, nothing written', async () => {
    const card = await member.create('cards', { title: 'Round and round', loop: true });
    const res = await t.inject({
      method: 'POST',
      url: `/api/entities/cards/${card.id}/transitions/start`,
      headers: member.headers(),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });
    expect(res.body).not.toMatch(/loop|trigger|ping|pong/i);
    expect((await member.get('cards', card.id)).status).toBe('todo');
    expect((await member.history('cards', card.id)).items.map((e) => e.operation)).toEqual(['create']);
  });

  it("a queued trigger runs after the commit, with its event's input, once", async () => {
    const card = await member.create('cards', { title: 'Alpha' });
    expect(await logsOf(card.id)).toEqual([]);
    const job = (await jobsOf('logCard')).find((j) => j.recordId === card.id);
    expect(job).toMatchObject({
      kind: 'trigger',
      status: 'queued',
      entity: 'cards',
      recordId: card.id,
      payload: { entity: 'cards', id: card.id, input: { cardId: card.id, note: 'Alpha' } },
    });
    await t.runJobs();
    await t.runJobs();
    expect((await logsOf(card.id)).map((l) => l.note)).toEqual(['Alpha']);
    expect(flaky.runs).toBe(1);
    expect((await jobsOf('logCard')).find((j) => j.recordId === card.id)?.status).toBe('done');
  });

  it('a queued trigger that fails is tried again later, and its effect happens once', async () => {
    flaky.failures = 2;
    const card = await member.create('cards', { title: 'Beta' });
    await t.runJobs();
    let job = (await jobsOf('logCard')).find((j) => j.recordId === card.id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job?.error).toBeTruthy();
    expect(await logsOf(card.id)).toEqual([]);
    for (let i = 0; i < 2; i++) {
      t.clock.advance({ hours: 6 });
      await t.runJobs();
    }
    job = (await jobsOf('logCard')).find((j) => j.recordId === card.id);
    expect(job).toMatchObject({ status: 'done', attempts: 3 });
    expect((await logsOf(card.id)).map((l) => l.note)).toEqual(['Beta']);
    expect(flaky.runs).toBe(3);
  });

  it('a queued transition is taken after the commit, as the system', async () => {
    const card = await member.create('cards', { title: 'Gamma', auto: true });
    const at = t.clock.advance({ minutes: 1 });
    expect((await member.transition('cards', card.id, 'start', {})).status).toBe('doing');
    await t.runJobs();
    expect((await member.get('cards', card.id)).status).toBe('done');
    expect((await member.history('cards', card.id)).items.at(-1)).toMatchObject({
      name: 'finish',
      actor: null,
      fromState: 'doing',
      toState: 'done',
      at: at.toISOString(),
    });
  });

  it('a queued transition whose record is gone by then does nothing', async () => {
    const card = await member.create('cards', { title: 'Delta', auto: true });
    await t.runJobs();
    await member.transition('cards', card.id, 'start', {});
    await member.delete('cards', card.id);
    await t.runJobs();
    const [job] = (await jobsOf('autoFinish')).filter((j) => j.recordId === card.id);
    expect(job).toMatchObject({ status: 'done', error: null });
  });
});
