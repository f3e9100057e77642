/**
 * A schedule's next occurrence, read in its zone by croner: plain cases, and Zurich's clock
 * changes — a local time the spring change skips runs just after the gap, and one the
 * autumn change repeats runs once.
 */
import type { ScheduleNode } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { nextOccurrence, plannedBy } from '../../src/core/automation/schedule-next';

const schedule = (cron: string, zone = 'UTC'): ScheduleNode => ({
  name: 's',
  cron,
  zone,
  action: 'a',
  input: {},
});

describe('nextOccurrence', () => {
  it.each([
    { cron: '0 * * * *', zone: 'UTC', after: '2031-01-01T10:00:00Z', next: '2031-01-01T11:00:00.000Z' },
    { cron: '0 * * * *', zone: 'UTC', after: '2031-01-01T10:59:59Z', next: '2031-01-01T11:00:00.000Z' },
    { cron: '*/15 * * * *', zone: 'UTC', after: '2031-01-01T10:07:00Z', next: '2031-01-01T10:15:00.000Z' },
    { cron: '0 9 * * 1', zone: 'UTC', after: '2031-01-01T00:00:00Z', next: '2031-01-06T09:00:00.000Z' },
    { cron: '30 0 0 * * *', zone: 'UTC', after: '2031-01-01T00:00:00Z', next: '2031-01-01T00:00:30.000Z' },
    // Winter in Zurich: UTC+1.
    {
      cron: '30 2 * * *',
      zone: 'Europe/Zurich',
      after: '2031-01-10T12:00:00Z',
      next: '2031-01-11T01:30:00.000Z',
    },
    // 30 March 2031, 02:30 does not happen in Zurich: it runs at 03:00 CEST, just after the gap.
    {
      cron: '30 2 * * *',
      zone: 'Europe/Zurich',
      after: '2031-03-29T12:00:00Z',
      next: '2031-03-30T01:00:00.000Z',
    },
    {
      cron: '30 2 * * *',
      zone: 'Europe/Zurich',
      after: '2031-03-30T01:00:00Z',
      next: '2031-03-31T00:30:00.000Z',
    },
    // 26 October 2031, 02:30 happens twice in Zurich: it runs the first time only.
    {
      cron: '30 2 * * *',
      zone: 'Europe/Zurich',
      after: '2031-10-25T12:00:00Z',
      next: '2031-10-26T00:30:00.000Z',
    },
    {
      cron: '30 2 * * *',
      zone: 'Europe/Zurich',
      after: '2031-10-26T00:30:00Z',
      next: '2031-10-27T01:30:00.000Z',
    },
    { cron: '0 0 30 2 *', zone: 'UTC', after: '2031-01-01T00:00:00Z', next: null },
  ])('$cron in $zone after $after: $next', ({ cron, zone, after, next }) => {
    expect(nextOccurrence(schedule(cron, zone), new Date(after))?.toISOString() ?? null).toBe(next);
  });

  it('names the schedule when its expression cannot be read', () => {
    expect(() => nextOccurrence(schedule('not a cron'), new Date())).toThrow(/Schedule s:/);
  });
});

describe('plannedBy', () => {
  it.each([
    { payload: { cron: '0 * * * *', zone: 'UTC' }, planned: true },
    { payload: JSON.stringify({ cron: '0 * * * *', zone: 'UTC' }), planned: true },
    { payload: { cron: '*/5 * * * *', zone: 'UTC' }, planned: false },
    { payload: { cron: '0 * * * *', zone: 'Europe/Zurich' }, planned: false },
    { payload: {}, planned: false },
  ])('$payload → $planned', ({ payload, planned }) => {
    expect(plannedBy(schedule('0 * * * *'), payload)).toBe(planned);
  });

  it('a schedule gone from the spec planned nothing queued', () => {
    expect(plannedBy(undefined, { cron: '0 * * * *', zone: 'UTC' })).toBe(false);
  });
});
