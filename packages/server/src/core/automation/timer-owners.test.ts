import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import loans from '../../../test/automation/timers-app';
import { timerDigest } from './timer-digest';
import { allTimedOwners, timedOwner, timedOwners, timerKey, timerPlanId } from './timer-owners';

describe('timed owners', () => {
  it('indexes timed transitions and timed events by entity, and nothing else', () => {
    expect(timedOwners(helpdesk, 'tickets').map((o) => `${o.kind}:${o.name}`)).toEqual([
      'transition:close',
      'notification:slaAtRisk',
    ]);
    expect(timedOwners(helpdesk, 'comments')).toEqual([]);
    expect(timedOwners(helpdesk, 'comments')).toBe(timedOwners(helpdesk, 'users'));
    expect(allTimedOwners(loans).map(timerPlanId).sort()).toEqual([
      'loans:transition:lapse',
      'loans:transition:writeOff',
      'loans:trigger:remindDue',
    ]);
  });

  it('finds the owner a job names, if the spec still has it', () => {
    const close = timedOwner(helpdesk, 'tickets', { kind: 'transition', name: 'close' });
    expect(close).toMatchObject({ from: ['resolved'], timer: { since: 'resolvedAt' } });
    expect(timerKey(close!, 'abc')).toBe('timer:tickets:transition:close:abc');
    expect(timedOwner(helpdesk, 'tickets', { kind: 'trigger', name: 'close' })).toBeUndefined();
    expect(timedOwner(helpdesk, 'tickets', { kind: 'transition', name: 'resolve' })).toBeUndefined();
  });
});

describe('timerDigest', () => {
  const close = timedOwner(helpdesk, 'tickets', { kind: 'transition', name: 'close' })!;
  const withConstants = (constants: Record<string, unknown>) =>
    ({ ...helpdesk, constants: { ...helpdesk.constants, ...constants } }) as typeof helpdesk;

  it('changes with a constant the timer reads, and only with one', () => {
    const same = timerDigest(helpdesk, close);
    expect(timerDigest(helpdesk, close)).toBe(same);
    expect(timerDigest(withConstants({ REOPEN_WINDOW_DAYS: { value: 2 } }), close)).not.toBe(same);
    expect(timerDigest(withConstants({ MAX_TAGS: { value: 9 } }), close)).toBe(same);
  });

  it('changes with the timer and the states it waits in', () => {
    const same = timerDigest(helpdesk, close);
    expect(timerDigest(helpdesk, { ...close, from: ['resolved', 'pending'] })).not.toBe(same);
    expect(timerDigest(helpdesk, { ...close, timer: { ...close.timer, since: 'updatedAt' } })).not.toBe(same);
  });
});
