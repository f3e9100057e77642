import { constant, field, lit, lookup, timerNode } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import app from '../../../test/automation/timers-app';
import type { RuleContext } from '../rules/rule-context';
import { timerMoment, timerSince } from './timer-moment';

const ctx: RuleContext = { app, caller: null, now: new Date('2031-01-01T00:00:00.000Z') };
const SINCE = '2031-01-10T12:00:00.000Z';
const HOUR = 3_600_000;
const after = (ms: number) => new Date(Date.parse(SINCE) + ms).toISOString();
const record = { id: 'l1', dueAt: SINCE, graceHours: 5, title: 'Drill', hold: false };

describe('timerMoment', () => {
  it.each([
    { what: 'no amounts: the moment itself', timer: {}, at: after(0) },
    { what: 'days', timer: { days: 2 }, at: after(48 * HOUR) },
    { what: 'a negative span counts back', timer: { hours: -4 }, at: after(-4 * HOUR) },
    { what: 'parts add up', timer: { days: 1, hours: 2, minutes: 30 }, at: after(26.5 * HOUR) },
    { what: 'fractions', timer: { hours: 1.5 }, at: after(1.5 * HOUR) },
    { what: 'a constant', timer: { days: constant('WRITE_OFF_DAYS') }, at: after(10 * 24 * HOUR) },
    { what: 'a field of the record', timer: { hours: field('graceHours') }, at: after(5 * HOUR) },
    {
      what: 'a lookup keyed by a field',
      timer: { hours: lookup(lit({ Drill: 3, Saw: 9 } as never), field('title')) },
      at: after(3 * HOUR),
    },
    { what: 'an amount that is not a number: no timer', timer: { hours: field('title') }, at: null },
    { what: 'an amount that is null: no timer', timer: { hours: field('missing') }, at: null },
    { what: 'past what a date holds: no timer', timer: { days: 1e12 }, at: null },
  ])('$what', ({ timer, at }) => {
    expect(timerMoment(timerNode(timer), record, SINCE, ctx)?.toISOString() ?? null).toBe(at);
  });

  it('has no moment without a moment to count from', () => {
    expect(timerMoment(timerNode({ days: 1 }), record, null, ctx)).toBeNull();
    expect(timerMoment(timerNode({ days: 1 }), record, 'not a time', ctx)).toBeNull();
  });
});

describe('timerSince', () => {
  it.each([
    { what: "the since field's value", timer: { since: 'dueAt' }, rec: record, entered: 'x', since: SINCE },
    {
      what: 'no value in the field: none',
      timer: { since: 'dueAt' },
      rec: { ...record, dueAt: null },
      entered: 'x',
      since: null,
    },
    { what: 'no since field: when it entered', timer: {}, rec: record, entered: SINCE, since: SINCE },
  ])('$what', ({ timer, rec, entered, since }) => {
    expect(timerSince(timerNode(timer), rec, entered)).toBe(since);
  });
});
