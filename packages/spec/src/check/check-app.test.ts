import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { breakApp } from './break-app';
import { checkApp } from './check-app';

describe('checkApp', () => {
  it('finds nothing wrong with the helpdesk', () => {
    expect(checkApp(helpdesk)).toEqual({ ok: true, problems: [] });
  });

  it('reports every problem, not only the first', () => {
    const broken = breakApp(helpdesk, (d) => {
      d.entities.tickets!.states!.transitions.triage!.to = 'opened';
      d.screens.board!.route = '/tickets';
      d.limits.quotas.openTickets!.entity = 'tikets';
    });
    const { ok, problems } = checkApp(broken);
    expect(ok).toBe(false);
    expect(problems.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        'entities.tickets.states.transitions.triage.to',
        'screens.board.route',
        'limits.quotas.openTickets.entity',
      ]),
    );
  });

  it('leaves the app it checks untouched', () => {
    const before = JSON.stringify(helpdesk);
    breakApp(helpdesk, (d) => {
      d.entities.tickets!.states!.initial = 'nope';
    });
    expect(JSON.stringify(helpdesk)).toBe(before);
  });
});
