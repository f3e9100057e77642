import type { AppErrorOf, ImportProgress } from '@ninefold/client';
import type app from '@ninefold/example-helpdesk';
import type { ImportReport, RecordOf } from '@ninefold/spec';
import { describe, expectTypeOf, test } from 'vitest';
import { createNinefoldReact } from '../src/index';

type Helpdesk = typeof app;
const nf = createNinefoldReact<Helpdesk>();

describe('the query hooks are typed from the spec', () => {
  test('useList types $expand by the references asked for, and total', () => {
    const page = nf.useList('tickets', { expand: ['assignee'], count: true, search: 'printer' }).data;
    expectTypeOf(page?.items[0]?.$expand.assignee).toEqualTypeOf<
      RecordOf<Helpdesk, 'users'> | null | undefined
    >();
    expectTypeOf(page?.total).toEqualTypeOf<number | undefined>();
    // @ts-expect-error priority is not a reference
    void nf.useList('tickets', { expand: ['priority'] });
  });

  test('useAggregate types its groups by the query', () => {
    const q = nf.useAggregate('tickets', { groupBy: ['priority'], count: true, sum: ['satisfaction'] });
    const g = q.data?.groups[0];
    expectTypeOf(g?.key.priority).toEqualTypeOf<'low' | 'normal' | 'high' | 'urgent' | undefined>();
    expectTypeOf(g?.count).toEqualTypeOf<number | undefined>();
    expectTypeOf(g?.sum.satisfaction).toEqualTypeOf<number | null | undefined>();
    expectTypeOf(q.error).toEqualTypeOf<AppErrorOf<Helpdesk> | null>();
    // @ts-expect-error status is not numeric
    void nf.useAggregate('tickets', { avg: ['status'] });
  });

  test('useImport answers the report and shows progress', () => {
    const imp = nf.useImport('tickets');
    expectTypeOf(imp.data).toEqualTypeOf<ImportReport | undefined>();
    expectTypeOf(imp.progress).toEqualTypeOf<ImportProgress | null>();
    imp.mutate({ rows: 'subject,description\nHello there,x', mode: 'each' });
    // @ts-expect-error a create input needs a subject
    imp.mutate({ rows: [{ description: 'x' }] });
  });
});
