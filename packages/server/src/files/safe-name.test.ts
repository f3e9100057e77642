import { describe, expect, it } from 'vitest';
import { safeName } from './safe-name';

describe('safeName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['/etc/shadow', 'shadow'],
    ['C:\\Windows\\x.png', 'x.png'],
    ['a/b\\c/../d.txt', 'd.txt'],
    ['dir/', 'file'],
    ['..', 'file'],
    ['   ', 'file'],
    ['', 'file'],
    [undefined, 'file'],
    ['..hidden', 'hidden'],
    ['a\u202Egnp.exe', 'agnp.exe'],
    ['\u2066x\u2069\u200Fy\u061C.txt', 'xy.txt'],
    ['soft\u00ADhyphen\u200D.txt', 'softhyphen.txt'],
    ['bell\u0007\u0085\u007F.txt', 'bell.txt'],
    ['a  \t b\u2028c.txt', 'a b c.txt'],
    ['tab\tand\r\nnewline.txt', 'tab and newline.txt'],
    ['trailing.txt . . ', 'trailing.txt'],
    ['NUL', '_NUL'],
    ['con.tar.gz', '_con.tar.gz'],
    ['LPT1 .txt', '_LPT1 .txt'],
    ['COM¹.txt', '_COM¹.txt'],
    ['console.txt', 'console.txt'],
    ['e\u200B\u0301.txt', '\u00E9.txt'],
    ['re\u0301sume\u0301.pdf', 'r\u00E9sum\u00E9.pdf'],
    ['📎 notes 🧾.txt', '📎 notes 🧾.txt'],
  ] as const)('%j → %j', (raw, safe) => {
    expect(safeName(raw)).toBe(safe);
  });

  it.each([
    ['ASCII', `${'a'.repeat(300)}.png`, 'a'],
    ['two-byte', `${'é'.repeat(300)}.png`, 'é'],
    ['emoji', `${'🙂'.repeat(100)}.png`, '🙂'],
    ['flags (two code points each)', `${'🇫🇷'.repeat(40)}.png`, '🇫🇷'],
  ])('bounds a long %s name to 200 bytes, whole characters, extension kept', (_kind, raw, unit) => {
    const name = safeName(raw);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    expect(Buffer.byteLength(name)).toBeGreaterThan(200 - Buffer.byteLength(unit));
    expect(name.endsWith('.png')).toBe(true);
    expect(name.slice(0, -4)).toBe(unit.repeat(name.slice(0, -4).length / unit.length));
  });

  it('bounds a long name without an extension, and leaves no trailing space at the cut', () => {
    expect(safeName(`${'a'.repeat(199)} b`)).toBe('a'.repeat(199));
    expect(safeName(`x.${'e'.repeat(300)}`)).toBe(`x.${'e'.repeat(198)}`);
  });

  it('reads an 80 KiB name (the largest a multipart part header carries) once, not per character', () => {
    const name = safeName(`${'ab/'.repeat(10)}${'é'.repeat(80_000)}.jpeg`);
    expect(name).toBe(`${'é'.repeat(97)}.jpeg`);
  });
});
