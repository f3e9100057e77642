import type app from '@ninefold/example-helpdesk';
import { f } from '@ninefold/spec';
import { describe, expectTypeOf, test } from 'vitest';
import {
  checkFile,
  createClient,
  type FileEntityName,
  type FileFieldName,
  type FileIssue,
  type FileRef,
  type UploadProgress,
} from '../src/index';

type Helpdesk = typeof app;
const c = createClient<Helpdesk>();
const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });

describe('client.files is typed from the spec', () => {
  test('only an entity’s file fields take uploads', () => {
    expectTypeOf<FileFieldName<Helpdesk, 'tickets'>>().toEqualTypeOf<'attachments'>();
    expectTypeOf<FileEntityName<Helpdesk>>().toEqualTypeOf<'tickets' | 'comments'>();
    expectTypeOf(c.files.upload('tickets', 'id', 'attachments', file)).toEqualTypeOf<Promise<FileRef>>();
    void c.files.upload('comments', 'id', 'attachments', new Blob(['x']), {
      onProgress: (p) => expectTypeOf(p).toEqualTypeOf<UploadProgress>(),
    });
    // @ts-expect-error subject is a text field, not a file field
    void c.files.upload('tickets', 'id', 'subject', file);
    // @ts-expect-error no such field
    void c.files.upload('tickets', 'id', 'attachmnts', file);
    // @ts-expect-error users have no file field
    void c.files.upload('users', 'id', 'attachments', file);
    // @ts-expect-error a file, not a string
    void c.files.upload('tickets', 'id', 'attachments', 'hello');
    // @ts-expect-error remove names a file field too
    void c.files.remove('tickets', 'id', 'status', 'fileId');
    void c.files.remove('comments', 'id', 'attachments', 'fileId');
  });

  test('a record’s files are FileRefs the client downloads', async () => {
    const t = await c.get('tickets', 'id');
    expectTypeOf(t.attachments).toEqualTypeOf<FileRef[]>();
    expectTypeOf(c.files.download(t.attachments[0]!, { variant: 'thumb' })).toEqualTypeOf<Promise<Blob>>();
    expectTypeOf(c.files.download('/api/entities/tickets/x/files/attachments/y')).toEqualTypeOf<
      Promise<Blob>
    >();
  });

  test('an untyped app names files with strings (the generated UI)', () => {
    const loose = createClient<any>();
    const entity: string = 'tickets';
    const field: string = 'attachments';
    expectTypeOf(loose.files.upload(entity, 'id', field, file)).toEqualTypeOf<Promise<FileRef>>();
  });

  test('checkFile answers field errors about the files given', () => {
    const issues = checkFile(f.files({ max: 5 }), [file], { path: 'attachments' });
    expectTypeOf(issues).toEqualTypeOf<FileIssue<File>[]>();
    expectTypeOf(issues[0]!.file).toEqualTypeOf<File | undefined>();
  });
});
