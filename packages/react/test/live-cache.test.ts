import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent, holdStill, patchRecord, restore } from '../src/live-cache';
import { keys } from '../src/query-keys';

/** The cache's answer to each event, event by event, where a refetch cannot hide a wrong step. */
describe('applyLiveEvent', () => {
  const mine = { where: { assignee: 'me' } };
  const all = {};
  const page = (...ids: string[]) => ({ items: ids.map((id) => ({ id, status: 'new' })), nextCursor: null });
  const setUp = () => {
    const qc = new QueryClient();
    qc.setQueryData(keys.list('tickets', mine), page('a', 'b'));
    qc.setQueryData(keys.list('tickets', all), page('a', 'b', 'c'));
    qc.setQueryData(keys.record('tickets', 'a'), { id: 'a', status: 'new' });
    return qc;
  };
  const ids = (qc: QueryClient, options: object) =>
    qc.getQueryData<{ items: { id: string }[] }>(keys.list('tickets', options))?.items.map((x) => x.id);
  const event = (e: string, id: string, record?: object) =>
    ({ type: 'event', sub: 's1', entity: 'tickets', event: e, id, ...(record ? { record } : {}) }) as never;

  it('patches an updated record in its entry and in every list', () => {
    const qc = setUp();
    applyLiveEvent(qc, 'tickets', mine, event('transitioned', 'a', { id: 'a', status: 'open' }));
    expect(qc.getQueryData(keys.record('tickets', 'a'))).toEqual({ id: 'a', status: 'open' });
    for (const o of [mine, all])
      expect(qc.getQueryData<any>(keys.list('tickets', o)).items[0]).toEqual({ id: 'a', status: 'open' });
  });

  it('takes a record out of the query it left, and no other', () => {
    const qc = setUp();
    applyLiveEvent(qc, 'tickets', mine, event('removed', 'a'));
    expect(ids(qc, mine)).toEqual(['b']);
    expect(ids(qc, all)).toEqual(['a', 'b', 'c']);
    expect(qc.getQueryState(keys.record('tickets', 'a'))?.status).toBe('success');
  });

  it('leaves the cache as it is on a create (the refetch brings it in)', () => {
    const qc = setUp();
    applyLiveEvent(qc, 'tickets', { id: 'a' }, event('created', 'a', { id: 'a', status: 'new' }));
    applyLiveEvent(qc, 'tickets', mine, event('created', 'd', { id: 'd', status: 'new' }));
    expect(ids(qc, mine)).toEqual(['a', 'b']);
    expect(qc.getQueryState(keys.record('tickets', 'a'))?.status).toBe('success');
  });

  it('makes a deleted record NOT_FOUND and takes it out of every list', () => {
    const qc = setUp();
    applyLiveEvent(qc, 'tickets', all, event('deleted', 'a'));
    expect(ids(qc, mine)).toEqual(['b']);
    expect(ids(qc, all)).toEqual(['b', 'c']);
    const state = qc.getQueryState(keys.record('tickets', 'a'));
    expect(state).toMatchObject({
      status: 'error',
      data: undefined,
      error: { code: 'NOT_FOUND', status: 404 },
    });
  });

  it('makes a record its own subscription may no longer read NOT_FOUND', () => {
    const qc = setUp();
    applyLiveEvent(qc, 'tickets', { id: 'a' }, event('removed', 'a'));
    expect(qc.getQueryState(keys.record('tickets', 'a'))?.error).toMatchObject({ code: 'NOT_FOUND' });
    expect(ids(qc, all)).toEqual(['b', 'c']);
  });

  it('lowers a counted page’s total by the records taken out, and marks aggregates stale', () => {
    const qc = setUp();
    const counted = { count: true };
    qc.setQueryData(keys.list('tickets', counted), { ...page('a', 'b'), total: 40 });
    qc.setQueryData(keys.aggregate('tickets', { groupBy: ['status'] }), { groups: [] });
    applyLiveEvent(qc, 'tickets', all, event('deleted', 'a'));
    expect(qc.getQueryData<any>(keys.list('tickets', counted)).total).toBe(39);
    applyLiveEvent(qc, 'tickets', all, event('updated', 'b', { id: 'b', status: 'open' }));
    expect(qc.getQueryData<any>(keys.list('tickets', counted)).total).toBe(39);
    expect(qc.getQueryState(keys.aggregate('tickets', { groupBy: ['status'] }))?.isInvalidated).toBe(true);
    expect(qc.getQueryData<any>(keys.list('tickets', all)).total).toBeUndefined();
  });

  // Events and answers arrive in no set order: an event can overtake the answer it reports.
  it('never merges an event over a newer version of the record', () => {
    const qc = new QueryClient();
    qc.setQueryData(keys.record('tickets', 'a'), { id: 'a', version: 3, priority: 'urgent' });
    qc.setQueryData(keys.list('tickets', all), { items: [{ id: 'a', version: 3, priority: 'urgent' }] });
    applyLiveEvent(qc, 'tickets', all, event('updated', 'a', { id: 'a', version: 2, priority: 'high' }));
    expect(qc.getQueryData(keys.record('tickets', 'a'))).toEqual({ id: 'a', version: 3, priority: 'urgent' });
    expect(qc.getQueryData<any>(keys.list('tickets', all)).items[0].priority).toBe('urgent');
    applyLiveEvent(qc, 'tickets', all, event('updated', 'a', { id: 'a', version: 4, priority: 'low' }));
    expect(qc.getQueryData(keys.record('tickets', 'a'))).toEqual({ id: 'a', version: 4, priority: 'low' });
  });

  it('rolls a refused optimistic write back without undoing a newer version that came meanwhile', async () => {
    const qc = new QueryClient();
    qc.setQueryData(keys.record('tickets', 'a'), { id: 'a', version: 1, priority: 'low' });
    const b = { id: 'b', version: 7, status: 'new' };
    qc.setQueryData(keys.list('tickets', all), { items: [{ id: 'a', version: 1, priority: 'low' }, b] });
    const before = await holdStill(qc, 'tickets');
    patchRecord(qc, 'tickets', 'a', { priority: 'urgent' });
    // Someone else's write arrives by realtime while ours is out; then ours is refused (412).
    applyLiveEvent(qc, 'tickets', all, event('updated', 'a', { id: 'a', version: 2, priority: 'high' }));
    restore(qc, before);
    expect(qc.getQueryData(keys.record('tickets', 'a'))).toEqual({ id: 'a', version: 2, priority: 'high' });
    expect(qc.getQueryData<any>(keys.list('tickets', all)).items[0]).toMatchObject({
      version: 2,
      priority: 'high',
    });
    expect(qc.getQueryData<any>(keys.list('tickets', all)).items[1]).toEqual(b);
  });
});
