/**
 * The date, web address and integer-choice fields infer the values a record holds, and an
 * entity's title may be a field, a path through a reference, or a template.
 */
import { describe, expectTypeOf, test } from 'vitest';
import { entity, f, type InputOf, type ValueOf } from '../index';

describe('the newer field types', () => {
  test('an integer with choices holds one of them', () => {
    const minutes = f.integer({ choices: [15, 30] });
    expectTypeOf<ValueOf<typeof minutes>>().toEqualTypeOf<15 | 30>();
    const optional = f.integer({ choices: [15, 30, 45, 60], optional: true });
    expectTypeOf<ValueOf<typeof optional>>().toEqualTypeOf<15 | 30 | 45 | 60 | null>();
    expectTypeOf<ValueOf<ReturnType<typeof f.integer>>>().toEqualTypeOf<number>();
  });

  test('a date and a web address are strings', () => {
    expectTypeOf<ValueOf<ReturnType<typeof f.date>>>().toEqualTypeOf<string>();
    const due = f.date({ min: '2026-01-01', optional: true });
    expectTypeOf<ValueOf<typeof due>>().toEqualTypeOf<string | null>();
    expectTypeOf<ValueOf<ReturnType<typeof f.url>>>().toEqualTypeOf<string>();
  });

  test('a create input offers only the choices', () => {
    const fields = { minutes: f.integer({ choices: [15, 30] }), on: f.date() };
    expectTypeOf<InputOf<typeof fields>>().toEqualTypeOf<{ minutes: 15 | 30; on: string }>();
  });
});

describe('titles', () => {
  test('a field, a path through a reference, or a template', () => {
    const fields = { book: f.ref('books'), note: f.text() };
    entity({ title: 'note', fields });
    entity({ title: 'book.title', fields });
    entity({ title: '{book.title} for {note}', fields });
    // @ts-expect-error: neither a field, nor a path, nor a template
    entity({ title: 'nothing', fields });
  });
});
