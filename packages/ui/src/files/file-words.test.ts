import { describe, expect, it } from 'vitest';
import { filesOf, fileUrl } from './file-url';
import { bytesText, fileKind, typesText, typeWord } from './file-words';

describe('files in words and addresses', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1024, '1 KiB'],
    [2_500, '2.4 KiB'],
    [48_213, '47 KiB'],
    [10 * 1_048_576, '10 MiB'],
    [3 * 1024 ** 3, '3 GiB'],
  ])('bytesText(%d) is %s', (n, words) => {
    expect(bytesText(n)).toBe(words);
  });

  it('names types as people do', () => {
    expect(typeWord('image/png')).toBe('PNG');
    expect(typeWord('IMAGE/*')).toBe('images');
    expect(typeWord('application/x-thing')).toBe('X-THING');
    expect(typesText(['image/*'])).toBe('images');
    expect(typesText(['image/png', 'text/plain'])).toBe('PNG or plain text');
    expect(fileKind('image/webp')).toBe('image');
    // Never drawn in the page: it can carry script.
    expect(fileKind('image/svg+xml')).toBe('other');
    expect(fileKind('application/pdf')).toBe('pdf');
  });

  it('adds a variant or the download flag to the signed url', () => {
    const ref = { url: '/api/entities/tickets/t1/files/attachments/f1?token=abc' };
    expect(fileUrl(ref)).toBe(ref.url);
    expect(fileUrl(ref, { variant: 'thumb' })).toBe(`${ref.url}&variant=thumb`);
    expect(fileUrl(ref, { download: true })).toBe(`${ref.url}&download`);
    expect(fileUrl({ url: '/f' }, { variant: 'preview', download: true })).toBe(
      '/f?variant=preview&download',
    );
  });

  it('reads a field value as a list of files', () => {
    const one = { id: 'f1', name: 'a.png', size: 1, type: 'image/png', url: '/a' };
    expect(filesOf(null)).toEqual([]);
    expect(filesOf(one)).toEqual([one]);
    expect(filesOf([one, { id: 'f2' }])).toEqual([one]);
  });
});
