import type app from '@ninefold/example-helpdesk';
import type { RecordOf } from '@ninefold/spec';
import { describe, expectTypeOf, test } from 'vitest';
import { createClient, type NumericFieldName, type RefFieldName } from '../src/index';

type Helpdesk = typeof app;
type User = RecordOf<Helpdesk, 'users'>;
type Team = RecordOf<Helpdesk, 'teams'>;
const c = createClient<Helpdesk>();

describe('expand is typed by the references asked for', () => {
  test('only reference fields can be expanded', () => {
    expectTypeOf<RefFieldName<Helpdesk, 'tickets'>>().toEqualTypeOf<'requester' | 'assignee' | 'team'>();
    // @ts-expect-error subject is not a reference
    void c.list('tickets', { expand: ['subject'] });
    // @ts-expect-error no such field
    void c.get('tickets', 'id', { expand: ['owner'] });
  });

  test('$expand holds the referenced entities’ records, only for the names asked', async () => {
    const page = await c.list('tickets', { expand: ['assignee', 'team'], count: true });
    const item = page.items[0]!;
    expectTypeOf(item.$expand.assignee).toEqualTypeOf<User | null>();
    expectTypeOf(item.$expand.team).toEqualTypeOf<Team | null>();
    expectTypeOf(item.subject).toEqualTypeOf<string>();
    // @ts-expect-error requester was not asked for
    void item.$expand.requester;
    expectTypeOf(page.total).toEqualTypeOf<number | undefined>();
    const plain = await c.list('tickets');
    // @ts-expect-error nothing expanded, no $expand
    void plain.items[0]!.$expand;
    const one = await c.get('comments', 'id', { expand: ['ticket'] });
    expectTypeOf(one.$expand.ticket).toEqualTypeOf<RecordOf<Helpdesk, 'tickets'> | null>();
  });
});

describe('aggregates are typed by the query', () => {
  test('sum and avg take numeric fields only; every name is the entity’s', () => {
    expectTypeOf<'satisfaction'>().toExtend<NumericFieldName<Helpdesk, 'tickets'>>();
    expectTypeOf<'subject'>().not.toExtend<NumericFieldName<Helpdesk, 'tickets'>>();
    // @ts-expect-error subject is not a number
    void c.aggregate('tickets', { sum: ['subject'] });
    // @ts-expect-error no such field to group by
    void c.aggregate('tickets', { groupBy: ['colour'] });
    // @ts-expect-error not a status
    void c.aggregate('tickets', { groupBy: ['status'], where: { status: 'lost' } });
  });

  test('groups carry the key, count and the functions asked for', async () => {
    const { groups } = await c.aggregate('tickets', {
      groupBy: ['status', 'priority'],
      count: true,
      avg: ['satisfaction'],
      max: ['dueAt'],
    });
    const g = groups[0]!;
    expectTypeOf(g.key.status).toEqualTypeOf<RecordOf<Helpdesk, 'tickets'>['status']>();
    expectTypeOf(g.key.priority).toEqualTypeOf<'low' | 'normal' | 'high' | 'urgent'>();
    expectTypeOf(g.count).toEqualTypeOf<number>();
    expectTypeOf(g.avg.satisfaction).toEqualTypeOf<number | null>();
    expectTypeOf(g.max.dueAt).toEqualTypeOf<string | null>();
    // @ts-expect-error category is not a grouping field of this query
    void g.key.category;
    // @ts-expect-error no sum was asked for
    void g.sum;
    const plain = await c.aggregate('tickets', { groupBy: ['status'] });
    // @ts-expect-error count was not asked for
    void plain.groups[0]!.count;
  });

  test('import takes CSV text or the entity’s create inputs', () => {
    void c.import('tickets', 'subject,description\nHello there,x', { mode: 'each' });
    void c.import('tickets', [{ subject: 'Hello there', description: 'x' }]);
    // @ts-expect-error a create input needs a subject
    void c.import('tickets', [{ description: 'x' }]);
    // @ts-expect-error no such mode
    void c.import('tickets', '', { mode: 'some' });
  });
});
