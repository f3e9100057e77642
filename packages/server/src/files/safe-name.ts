/**
 * A client's file name made safe to keep, show and offer as a download name: only its last
 * path segment, no control, bidi or zero-width characters, no leading dots, bounded in
 * bytes with its extension kept. It is only ever a label: the store's key is the file's id.
 */

const MAX_BYTES = 200;
// C0, DEL and C1 controls; bidi embeddings, overrides and isolates; zero-width characters.
const UNSAFE = /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * @example safeName('../../etc/passwd') // 'passwd'
 * @example safeName('C:\\Users\\me\\shot.png') // 'shot.png'
 * @example safeName('') // 'file'
 */
export function safeName(raw: string | undefined): string {
  const last = (raw ?? '').split(/[/\\]/).pop() ?? '';
  let name = last
    .normalize('NFC')
    .replace(/[\t\n\r\v\f]/g, ' ')
    .replace(UNSAFE, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
  if (RESERVED.test(name)) name = `_${name}`;
  name = bounded(name);
  return name === '' ? 'file' : name;
}

/** At most MAX_BYTES of UTF-8, cut on a character boundary, the extension kept. */
function bounded(name: string): string {
  if (Buffer.byteLength(name) <= MAX_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  const stem = [...name.slice(0, name.length - ext.length)];
  while (stem.length > 0 && Buffer.byteLength(stem.join('') + ext) > MAX_BYTES) stem.pop();
  return stem.join('') + ext;
}
