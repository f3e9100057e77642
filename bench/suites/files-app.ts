/**
 * The files benchmark's app: members keep documents, each with one file of up to 128 MiB and
 * any type (a 100 MB upload must fit, and random bytes have no type of their own).
 */
import { defineApp, entity, f } from '@ninefold/spec';

/** The largest file the bench's field takes: above the 100 MB upload, so it is not refused. */
export const FILES_BENCH_MAX_BYTES = 128 * 1_048_576;

/**
 * @example const nf = await createNinefold(FILES_APP, { database: file, files: { store } });
 */
export const FILES_APP = defineApp({
  about: {
    name: 'Files bench',
    summary: 'Documents with one file each, for the files benchmark.',
    audience: 'Members.',
  },
  roles: { member: { signUp: true } },
  entities: {
    docs: entity({
      label: 'Documents',
      title: 'title',
      fields: {
        title: f.text({ min: 1, max: 80, label: 'Title' }),
        file: f.file({ maxBytes: FILES_BENCH_MAX_BYTES, label: 'File' }),
      },
      access: {
        read: { member: true },
        create: { member: true },
        update: { member: { fields: ['title', 'file'] } },
      },
    }),
  },
});
