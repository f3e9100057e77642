import type { AppErrorOf, FileRef } from '@ninefold/client';
import type app from '@ninefold/example-helpdesk';
import { describe, expectTypeOf, test } from 'vitest';
import { createNinefoldReact, fileHooks } from '../src/index';

type Helpdesk = typeof app;
const { useClient } = createNinefoldReact<Helpdesk>();
const { useUploadFile, useRemoveFile } = fileHooks<Helpdesk>(useClient);
const file = new File(['x'], 'x.png');

describe('the file hooks are typed from the spec', () => {
  test('an upload names an entity’s file field; its answer, error and progress are typed', () => {
    const upload = useUploadFile();
    upload.mutate({ entity: 'tickets', id: 'x', field: 'attachments', file, onProgress: (p) => p.loaded });
    upload.mutate({ entity: 'comments', id: 'x', field: 'attachments', file });
    // @ts-expect-error subject is not a file field
    upload.mutate({ entity: 'tickets', id: 'x', field: 'subject', file });
    // @ts-expect-error users have no file field
    upload.mutate({ entity: 'users', id: 'x', field: 'attachments', file });
    // @ts-expect-error the file is a Blob
    upload.mutate({ entity: 'tickets', id: 'x', field: 'attachments', file: 'x.png' });
    expectTypeOf(upload.progress).toEqualTypeOf<number>();
    expectTypeOf(upload.data).toEqualTypeOf<FileRef | undefined>();
    expectTypeOf(upload.error).toEqualTypeOf<AppErrorOf<Helpdesk> | null>();
  });

  test('a removal names the file by its record, field and id', () => {
    const remove = useRemoveFile();
    remove.mutate({ entity: 'tickets', id: 'x', field: 'attachments', fileId: 'f' });
    // @ts-expect-error the file's id is needed
    remove.mutate({ entity: 'tickets', id: 'x', field: 'attachments' });
    // @ts-expect-error status is not a file field
    remove.mutate({ entity: 'tickets', id: 'x', field: 'status', fileId: 'f' });
  });

  test('an untyped app names them with strings', () => {
    const loose = fileHooks<any>(createNinefoldReact<any>().useClient);
    const entity: string = 'tickets';
    loose.useUploadFile().mutate({ entity, id: 'x', field: 'anything', file });
  });
});
