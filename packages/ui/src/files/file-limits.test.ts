import app from '@ninefold/example-helpdesk';
import { clientMeta, DEFAULT_FILE_BYTES, f } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { acceptAttribute, checkLocalFile, chooseFiles, fileLimits } from './file-limits';
import { fileLimitsHint } from './file-limits-hint';

// Through JSON, as the browser gets the field from /api/meta.
const meta = JSON.parse(JSON.stringify(clientMeta(app)));
const attachments = fileLimits(meta.entities.tickets.fields.attachments);
const png = (name: string, size = 1000) => ({ name, size, type: 'image/png' });

describe('a file field judged in the browser before upload', () => {
  it('reads the helpdesk attachments from the meta, defaults filled in elsewhere', () => {
    expect(attachments).toMatchObject({ many: true, maxBytes: 10 * 1_048_576, max: 5 });
    expect(Object.keys(attachments.variants)).toEqual(['thumb', 'preview']);
    expect(fileLimits(f.file())).toMatchObject({
      many: false,
      maxBytes: DEFAULT_FILE_BYTES,
      accept: undefined,
      max: 1,
      variants: {},
    });
    expect(fileLimitsHint(attachments)).toBe(
      'PNG, JPEG, GIF, WebP, PDF or plain text, up to 10 MiB each, at most 5 files',
    );
    expect(acceptAttribute(attachments)).toBe(
      'image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain',
    );
  });

  it.each([
    [{ name: 'shot.png', size: 48_213, type: 'image/png' }, undefined],
    [{ name: 'notes.txt', size: 20, type: 'text/plain' }, undefined],
    // No guess from the name: the server decides from the content.
    [{ name: 'LOG', size: 20, type: '' }, undefined],
    [
      { name: 'logo.svg', size: 900, type: 'image/svg+xml' },
      'logo.svg is not a type this field takes (PNG, JPEG, GIF, WebP, PDF or plain text).',
    ],
    [
      { name: 'page.html', size: 900, type: 'text/html' },
      'page.html is not a type this field takes (PNG, JPEG, GIF, WebP, PDF or plain text).',
    ],
    [
      { name: 'huge.pdf', size: 10 * 1_048_576 + 1, type: 'application/pdf' },
      'huge.pdf is over the 10 MiB limit.',
    ],
    [
      { name: 'scan.pdf', size: 12 * 1_048_576, type: 'application/pdf' },
      'scan.pdf is 12 MiB, over the 10 MiB limit.',
    ],
  ])('%o → %s', (file, why) => {
    expect(checkLocalFile(attachments, file)).toBe(why);
  });

  it('takes only as many as fit, and says why the rest did not go', () => {
    const files = [
      png('a.png'),
      { name: 'b.exe', size: 5, type: 'application/x-msdownload' },
      png('c.png'),
      png('d.png'),
    ];
    const choice = chooseFiles(attachments, files, 3);
    expect(choice.accepted.map((x) => x.name)).toEqual(['a.png', 'c.png']);
    expect(choice.refused).toEqual([
      'b.exe is not a type this field takes (PNG, JPEG, GIF, WebP, PDF or plain text).',
      'Only 2 more files fit (at most 5).',
    ]);
    expect(chooseFiles(attachments, [png('e.png')], 5)).toEqual({
      accepted: [],
      refused: ['No more files fit (at most 5); remove one first.'],
    });
    // A one-file field takes one file, replacing what it holds.
    expect(chooseFiles(fileLimits(f.file()), [png('a.png'), png('b.png')], 1)).toEqual({
      accepted: [png('a.png')],
      refused: ['Choose one file.'],
    });
  });
});
