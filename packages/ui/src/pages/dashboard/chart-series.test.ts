import app from '@ninefold/example-helpdesk';
import { caller, clientMeta, now } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { aggregateSeries, chartSeries } from './chart-series';
import { widgetWhere } from './widget-where';

const meta = clientMeta(app);

describe('chartSeries', () => {
  it("labels and orders an action's counts by the entity's states and choices", () => {
    const [status, priority] = chartSeries(meta, 'tickets', ['byStatus', 'byPriority'], {
      byStatus: { resolved: 2, new: 1 },
      byPriority: { urgent: 1, low: 3 },
    });
    expect(status?.title).toBe('By status');
    expect(status?.points.map((p) => [p.label, p.value])).toEqual([
      ['New', 1],
      ['Open', 0],
      ['Pending', 0],
      ['Resolved', 2],
      ['Closed', 0],
      ['Cancelled', 0],
    ]);
    expect(priority?.points.map((p) => p.key)).toEqual(['low', 'normal', 'high', 'urgent']);
  });

  it('keeps unknown keys as they come, humanized', () => {
    const [s] = chartSeries(meta, undefined, ['byTeam'], { byTeam: { firstLine: 4 } });
    expect(s?.points).toEqual([{ key: 'firstLine', label: 'First line', value: 4 }]);
  });
});

describe('aggregateSeries', () => {
  it('draws every state in order, the missing ones at 0, from the groups the server answered', () => {
    const s = aggregateSeries(meta, 'tickets', 'status', 'count', undefined, [
      { key: { status: 'resolved' }, count: 7 },
      { key: { status: 'new' }, count: 3 },
    ]);
    expect(s.points.map((p) => [p.label, p.value])).toEqual([
      ['New', 3],
      ['Open', 0],
      ['Pending', 0],
      ['Resolved', 7],
      ['Closed', 0],
      ['Cancelled', 0],
    ]);
  });

  it('reads the function asked for, and names the group without a value', () => {
    const s = aggregateSeries(meta, 'tickets', 'assignee', 'avg', 'satisfaction', [
      { key: { assignee: 'u1' }, avg: { satisfaction: 4.5 } },
      { key: { assignee: null }, avg: { satisfaction: null } },
    ]);
    expect(s.points).toEqual([
      { key: 'u1', label: 'U1', value: 4.5 },
      { key: '', label: 'None', value: 0 },
    ]);
  });
});

describe('widgetWhere', () => {
  const env = { app: meta, caller: { id: 'agent-1', role: 'agent' }, now: new Date('2025-03-01T10:00:00Z') };

  it('turns a list of values into `in`, and keeps single values', () => {
    expect(widgetWhere({ status: ['new', 'open'], priority: 'high' }, env)).toEqual({
      status: { in: ['new', 'open'] },
      priority: { eq: 'high' },
    });
    expect(widgetWhere(undefined, env)).toEqual({});
  });

  it('works out relative values for the caller and the time', () => {
    expect(widgetWhere({ dueAt: { lt: now() }, assignee: caller('id') }, env)).toEqual({
      dueAt: { lt: '2025-03-01T10:00:00.000Z' },
      assignee: { eq: 'agent-1' },
    });
  });
});
