import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import type { TimerNode } from '../app/automation';
import { constant, field, lit, lookup } from '../rules/expr';
import { clientMeta } from './client-meta';
import { timerMeta } from './timer-meta';

describe('timers in /api/meta', () => {
  const meta = clientMeta(app);

  it('tells a client when a ticket closes by itself, in data and in words', () => {
    expect(meta.entities.tickets?.states?.transitions.close?.after).toEqual({
      since: 'resolvedAt',
      days: { kind: 'const', name: 'REOPEN_WINDOW_DAYS' },
      text: '7 days after Resolved',
    });
    // A transition people take only has no timer.
    expect(meta.entities.tickets?.states?.transitions.resolve).not.toHaveProperty('after');
  });

  it.each<[string, TimerNode, string]>([
    [
      'a public constant, valued',
      { since: 'resolvedAt', days: constant('REOPEN_WINDOW_DAYS') },
      '7 days after Resolved',
    ],
    ['one of a unit', { since: 'resolvedAt', hours: lit(1) }, '1 hour after Resolved'],
    [
      'a span counted back',
      { since: 'dueAt', hours: lit(-4), minutes: lit(-30) },
      '4 hours 30 minutes before Due',
    ],
    ['no since: from entering the state', { minutes: lit(30) }, '30 minutes after entering Resolved'],
    [
      'a lookup, named',
      { since: 'createdAt', hours: lookup(constant('SLA_HOURS'), 'priority') },
      'SLA_HOURS for its Priority hours after createdAt',
    ],
    [
      'a number field, named',
      { since: 'resolvedAt', days: field('satisfaction') },
      'the Satisfaction days after Resolved',
    ],
  ])('words %s', (_name, timer, text) => {
    expect(timerMeta(app, 'tickets', timer, 'entering Resolved').text).toBe(text);
  });

  it('names a constant that is not public, never its value', () => {
    const secret = { ...app, constants: { ...app.constants, GRACE: { value: 3 } } };
    const words = timerMeta(
      secret as typeof app,
      'tickets',
      { since: 'resolvedAt', days: constant('GRACE') },
      '',
    ).text;
    expect(words).toBe('GRACE days after Resolved');
    expect(words).not.toContain('3');
  });

  it('lists the notifications with their labels, for a preferences screen, and nothing of how they work', () => {
    expect(meta.notifications).toEqual([
      { name: 'agentReplied', label: 'An agent replied to my ticket' },
      { name: 'ticketResolved', label: 'My ticket was resolved' },
      { name: 'customerReplied', label: 'A customer replied to my ticket' },
      { name: 'slaAtRisk', label: 'A ticket is about to miss its SLA' },
    ]);
  });

  it('sends no trigger, schedule or webhook, and no configuration variable of one', () => {
    const text = JSON.stringify(meta);
    for (const hidden of [
      'customerReplyReopens',
      'ticketEvents',
      'WEBHOOK_',
      'triggers',
      'webhooks',
      'schedules',
    ]) {
      expect(text).not.toContain(hidden);
    }
  });
});
