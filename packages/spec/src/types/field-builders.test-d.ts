/**
 * The field builders keep their literal types, and the value, create and update types read
 * them: what every record, input and action type in the SDK is built from.
 */
import { describe, expectTypeOf, test } from 'vitest';
import {
  type ActionContext,
  action,
  caller,
  entity,
  f,
  type InputOf,
  now,
  type PatchOf,
  type RecordOfFields,
  type ValueOf,
  type ValuesOf,
} from '../index';

describe('ValueOf', () => {
  test('scalars', () => {
    expectTypeOf<ValueOf<ReturnType<typeof f.text>>>().toEqualTypeOf<string>();
    expectTypeOf<ValueOf<ReturnType<typeof f.longText>>>().toEqualTypeOf<string>();
    expectTypeOf<ValueOf<ReturnType<typeof f.email>>>().toEqualTypeOf<string>();
    expectTypeOf<ValueOf<ReturnType<typeof f.datetime>>>().toEqualTypeOf<string>();
    expectTypeOf<ValueOf<ReturnType<typeof f.integer>>>().toEqualTypeOf<number>();
    expectTypeOf<ValueOf<ReturnType<typeof f.number>>>().toEqualTypeOf<number>();
    expectTypeOf<ValueOf<ReturnType<typeof f.boolean>>>().toEqualTypeOf<boolean>();
    const ref = f.ref('users');
    expectTypeOf<ValueOf<typeof ref>>().toEqualTypeOf<string>();
    expectTypeOf(ref.entity).toEqualTypeOf<'users'>();
  });

  test('enum, optional, list', () => {
    const e = f.enum(['a', 'b']);
    expectTypeOf<ValueOf<typeof e>>().toEqualTypeOf<'a' | 'b'>();
    const o = f.integer({ optional: true });
    expectTypeOf<ValueOf<typeof o>>().toEqualTypeOf<number | null>();
    const l = f.list(f.enum(['x', 'y']), { max: 3 });
    expectTypeOf<ValueOf<typeof l>>().toEqualTypeOf<('x' | 'y')[]>();
  });

  test('map and object values, with options given', () => {
    const m = f.map(f.integer(), {});
    expectTypeOf<ValueOf<typeof m>>().toEqualTypeOf<Record<string, number>>();
    const o = f.object({ n: f.integer(), s: f.text({ optional: true }) }, {});
    expectTypeOf<ValueOf<typeof o>>().toEqualTypeOf<{ n: number; s: string | null }>();
  });

  test('map and object values, without options, in an action output', () => {
    const a = action({
      who: { agent: true },
      input: {},
      output: { m: f.map(f.integer()), o: f.object({ n: f.integer() }) },
      handler: async () => ({ m: {}, o: { n: 1 } }),
    });
    // Regression: without options, f.map/f.object once took their options type from the
    // contextual `Fields` type and their values became unknown.
    expectTypeOf<ValuesOf<typeof a.output>['m']>().toEqualTypeOf<Record<string, number>>();
    expectTypeOf<ValuesOf<typeof a.output>['o']>().toEqualTypeOf<{ n: number }>();
  });
});

describe('InputOf and PatchOf', () => {
  const fields = {
    title: f.text({ min: 1 }),
    note: f.text({ optional: true }),
    kind: f.enum(['a', 'b'], { default: 'a' }),
    owner: f.ref('users', { default: caller('id'), readOnly: true }),
    code: f.text({ immutable: true }),
    stamp: f.datetime({ computed: now() }),
  };

  test('create: required without default, optional with one; never server-set', () => {
    expectTypeOf<InputOf<typeof fields>>().toEqualTypeOf<{
      title: string;
      code: string;
      note?: string | null;
      kind?: 'a' | 'b';
    }>();
  });

  test('update: every writable, mutable field, each optional', () => {
    expectTypeOf<PatchOf<typeof fields>>().toEqualTypeOf<{
      title?: string;
      note?: string | null;
      kind?: 'a' | 'b';
    }>();
  });

  test('a record has the system fields and every field', () => {
    expectTypeOf<RecordOfFields<typeof fields>>().toEqualTypeOf<{
      id: string;
      createdAt: string;
      updatedAt: string;
      version: number;
      title: string;
      note: string | null;
      kind: 'a' | 'b';
      owner: string;
      code: string;
      stamp: string;
    }>();
  });

  test('an entity with a machine gains its state field, read-only', () => {
    const e = entity({
      fields,
      states: { field: 'phase', initial: 'a', states: { a: {}, b: {} }, transitions: {} },
    });
    expectTypeOf<RecordOfFields<typeof e.fields>['phase']>().toEqualTypeOf<'a' | 'b'>();
    expectTypeOf<InputOf<typeof e.fields>>().not.toHaveProperty('phase');
    expectTypeOf<PatchOf<typeof e.fields>>().not.toHaveProperty('phase');
  });
});

describe('action handlers', () => {
  test('the handler sees its typed input and must answer its output', () => {
    action({
      who: { agent: true },
      input: { ticketId: f.ref('tickets'), note: f.text({ optional: true }), n: f.integer() },
      output: { id: f.text() },
      handler: async (ctx) => {
        expectTypeOf(ctx).toEqualTypeOf<
          ActionContext<{ ticketId: string; note: string | null; n: number }>
        >();
        expectTypeOf(ctx.caller).toEqualTypeOf<{
          readonly id: string;
          readonly role: string;
          readonly email: string;
        } | null>();
        expectTypeOf(ctx.fail).returns.toBeNever();
        // A built-in code's params are typed; an app's own code takes string | number.
        if (ctx.input.n > 1) ctx.fail('LIMIT_EXCEEDED', { limit: 'notes', max: 5 });
        // @ts-expect-error {max} of LIMIT_EXCEEDED is a number
        if (ctx.input.n > 2) ctx.fail('LIMIT_EXCEEDED', { limit: 'notes', max: '5' });
        // @ts-expect-error INVALID_TRANSITION needs its {state}
        if (ctx.input.n > 3) ctx.fail('INVALID_TRANSITION', {});
        if (ctx.input.n > 4) ctx.fail('OWN_CODE', { anything: 1 });
        return { id: ctx.input.ticketId };
      },
    });
  });

  test('a wrong output is refused', () => {
    action({
      who: { agent: true },
      input: {},
      output: { id: f.text() },
      // @ts-expect-error id must be a string
      handler: async () => ({ id: 1 }),
    });
  });
});
