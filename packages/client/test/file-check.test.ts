/**
 * checkFile judges files before they go up, from the limits `/api/meta` gives (the helpdesk's
 * ticket attachments: at most 5, 10 MiB each, images, PDF and text), in the server's words.
 */
import app from '@ninefold/example-helpdesk';
import { BUILTIN_ERRORS, clientMeta, f, fieldMessage, fillTemplate } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { checkFile, type LocalFile } from '../src/index';

const attachments = clientMeta(app).entities.tickets!.fields.attachments!;
const at = { path: 'attachments' };
const png = (size = 1000): LocalFile => ({ name: 'shot.png', size, type: 'image/png' });

describe('checkFile', () => {
  it('takes files the field accepts, up to its count', () => {
    expect(checkFile(attachments, [png(), png(10 * 1_048_576)], { ...at, held: 3 })).toEqual([]);
    // The browser has no guess for the type: the server decides from the content.
    expect(checkFile(attachments, { name: 'scan.heic', size: 10, type: '' }, at)).toEqual([]);
  });

  const cases: [string, LocalFile[], number, { code: string; message: string; file?: LocalFile }[]][] = [
    [
      'a type the field does not take, named as the server names it',
      [{ name: 'page.html', size: 10, type: 'text/html' }],
      0,
      [
        {
          code: 'file_type',
          message:
            'Attachments does not accept this type of file (it takes image/png, image/jpeg, image/gif, image/webp, application/pdf, text/plain).',
        },
      ],
    ],
    [
      'one byte over the limit, in the 413 answer’s words',
      [png(10 * 1_048_576 + 1)],
      0,
      [{ code: 'too_big', message: 'The request is larger than 10485760 bytes.' }],
    ],
    [
      'one file too many for the room left',
      [png(), png()],
      4,
      [{ code: 'too_many', message: 'Attachments can have at most 5 items.' }],
    ],
  ];
  it.each(cases)('refuses %s', (_, files, held, want) => {
    const issues = checkFile(attachments, files, { ...at, held });
    expect(issues).toEqual(
      want.map((w) => ({ path: 'attachments', ...w, ...(w.code === 'too_many' ? {} : { file: files[0] }) })),
    );
  });

  it('says every reason, each with its file, and uses the catalogue and fieldMessage', () => {
    const svg = { name: 'a.svg', size: 20 * 1_048_576, type: 'image/svg+xml' };
    const issues = checkFile(attachments, [png(), svg], { ...at, held: 4 });
    expect(issues.map((i) => [i.code, i.file?.name])).toEqual([
      ['file_type', 'a.svg'],
      ['too_big', 'a.svg'],
      ['too_many', undefined],
    ]);
    expect(issues[1]?.message).toBe(
      fillTemplate(BUILTIN_ERRORS.PAYLOAD_TOO_LARGE.message, { max: 10 * 1_048_576 }),
    );
    expect(issues[2]?.message).toBe(fieldMessage('too_many', 'Attachments', { max: 5 }));
  });

  it('reads a field node without meta defaults, and a one-file field takes one file', () => {
    const avatar = f.file({ accept: ['image/*'] });
    expect(checkFile(avatar, png(10 * 1_048_576), { path: 'avatar' })).toEqual([]);
    expect(checkFile(avatar, { name: 'a.svg', size: 1, type: 'image/svg+xml' }, { path: 'avatar' })).toEqual([
      expect.objectContaining({
        code: 'file_type',
        message: 'Avatar does not accept this type of file (it takes image/*).',
      }),
    ]);
    expect(checkFile(avatar, [png(), png()], { path: 'avatar', held: 1 }).map((i) => i.message)).toEqual([
      'Avatar can have at most 1 item.',
    ]);
    expect(
      checkFile(
        f.files(),
        Array.from({ length: 11 }, () => png()),
        at,
      ).map((i) => i.code),
    ).toEqual(['too_many']);
  });
});
