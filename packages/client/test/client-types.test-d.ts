import { describe, expectTypeOf, test } from 'vitest';
import type app from '../../../examples/helpdesk/app';
import { type AppErrorOf, createClient } from '../src/index';

type Helpdesk = typeof app;
const c = createClient<Helpdesk>();

describe('the helpdesk client is typed from the spec', () => {
  test('records carry the spec’s field types', async () => {
    const t = await c.get('tickets', 'x');
    expectTypeOf(t.priority).toEqualTypeOf<'low' | 'normal' | 'high' | 'urgent'>();
    expectTypeOf(t.status).toEqualTypeOf<'new' | 'open' | 'pending' | 'resolved' | 'closed' | 'cancelled'>();
  });

  test('a wrong entity, field, filter value, transition or action input is a type error', () => {
    // @ts-expect-error no such entity
    void c.list('tickts');
    // @ts-expect-error no such field to filter on
    void c.list('tickets', { where: { colour: 'red' } });
    // @ts-expect-error not a priority
    void c.list('tickets', { where: { priority: 'extreme' } });
    // @ts-expect-error not a field to sort on
    void c.list('tickets', { sort: '-colour' });
    // @ts-expect-error no such transition
    void c.transition('tickets', 'id', 'explode', {});
    // @ts-expect-error resolve needs a resolution
    void c.transition('tickets', 'id', 'resolve', {});
    // @ts-expect-error assignToMe takes a ticketId
    void c.action('assignToMe', { ticket: 'x' });
    // @ts-expect-error subject is required on create
    void c.create('tickets', { description: 'x' });
    // @ts-expect-error status is not writable
    void c.update('tickets', 'id', { status: 'closed' });
  });

  test('the error union includes OPEN_TICKET_LIMIT with its max parameter', () => {
    type E = AppErrorOf<Helpdesk>;
    expectTypeOf<Extract<E, { code: 'OPEN_TICKET_LIMIT' }>['params']>().toEqualTypeOf<{
      max: string | number;
    }>();
    expectTypeOf<Extract<E, { code: 'REOPEN_WINDOW_EXPIRED' }>['params']>().toEqualTypeOf<{
      days: string | number;
    }>();
    expectTypeOf<'NOPE'>().not.toExtend<E['code']>();
  });

  test('actions answer their declared output', async () => {
    const out = await c.action('assignToMe', { ticketId: 'x' });
    expectTypeOf(out).toEqualTypeOf<{ id: string; status: string; assignee: string }>();
  });
});
