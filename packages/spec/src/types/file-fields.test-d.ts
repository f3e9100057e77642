/**
 * File fields at the type level: a record reads one file as `FileRef | null` and many as
 * `FileRef[]`; no create or update input ever names one (uploads fill them).
 */

import type app from '@ninefold/example-helpdesk';
import { describe, expectTypeOf, test } from 'vitest';
import {
  type CreateInput,
  entity,
  type FileRef,
  f,
  type InputOf,
  type PatchOf,
  type RecordOf,
  type UpdateInput,
  type ValueOf,
  type ValuesOf,
} from '../index';

type App = typeof app;

describe('a file field', () => {
  test('one file reads FileRef or null, many files an array of FileRef', () => {
    const avatar = f.file({ accept: ['image/*'], maxBytes: 2_000_000 });
    const scans = f.files({ max: 3, variants: { thumb: { width: 96, height: 96 } } });
    expectTypeOf<ValueOf<typeof avatar>>().toEqualTypeOf<FileRef | null>();
    expectTypeOf<ValueOf<typeof scans>>().toEqualTypeOf<FileRef[]>();
    expectTypeOf<ValueOf<ReturnType<typeof f.file>>>().toEqualTypeOf<FileRef | null>();
    expectTypeOf<ValueOf<ReturnType<typeof f.files>>>().toEqualTypeOf<FileRef[]>();
  });

  test('a FileRef has its url; a stored file is no FileRef', () => {
    expectTypeOf<FileRef>().toEqualTypeOf<{
      readonly id: string;
      readonly name: string;
      readonly size: number;
      readonly type: string;
      readonly url: string;
    }>();
    expectTypeOf<{ id: string; name: string; size: number; type: string }>().not.toExtend<FileRef>();
  });

  test('a record holds it; no create or patch takes it', () => {
    const fields = { title: f.text(), cover: f.file(), pages: f.files({ max: 2 }) };
    expectTypeOf<ValuesOf<typeof fields>>().toEqualTypeOf<{
      title: string;
      cover: FileRef | null;
      pages: FileRef[];
    }>();
    expectTypeOf<InputOf<typeof fields>>().toEqualTypeOf<{ title: string }>();
    expectTypeOf<PatchOf<typeof fields>>().toEqualTypeOf<{ title?: string }>();
  });

  test('an entity of only file fields is created with nothing', () => {
    entity({ fields: { scan: f.file() } });
    expectTypeOf<InputOf<{ scan: ReturnType<typeof f.file> }>>().toEqualTypeOf<{}>();
  });
});

describe('the helpdesk attachments', () => {
  test('tickets and comments read their attachments as FileRef[]', () => {
    expectTypeOf<RecordOf<App, 'tickets'>['attachments']>().toEqualTypeOf<FileRef[]>();
    expectTypeOf<RecordOf<App, 'comments'>['attachments']>().toEqualTypeOf<FileRef[]>();
  });

  test('no create or update input names them', () => {
    expectTypeOf<CreateInput<App, 'tickets'>>().not.toHaveProperty('attachments');
    expectTypeOf<UpdateInput<App, 'tickets'>>().not.toHaveProperty('attachments');
    expectTypeOf<CreateInput<App, 'comments'>>().not.toHaveProperty('attachments');
    expectTypeOf<UpdateInput<App, 'comments'>>().not.toHaveProperty('attachments');
    // @ts-expect-error a comment's create never carries files
    const bad: CreateInput<App, 'comments'> = { ticket: 'x', body: 'Here.', attachments: [] };
    expectTypeOf(bad).toBeObject();
  });
});
