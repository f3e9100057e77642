import app from '@ninefold/example-helpdesk';
import { clientMeta } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { chartSeries } from './chart-series';
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

describe('widgetWhere', () => {
  it('turns a list of values into `in`, and keeps single values', () => {
    expect(widgetWhere({ status: ['new', 'open'], priority: 'high' })).toEqual({
      status: { in: ['new', 'open'] },
      priority: 'high',
    });
    expect(widgetWhere(undefined)).toEqual({});
  });
});
