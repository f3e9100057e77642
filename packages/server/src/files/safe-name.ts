/**
 * A client's file name made safe to keep, show and offer as a download name: only its last
 * path segment, no control, bidi or zero-width characters, no leading dots, bounded in
 * bytes with its extension kept. It is only ever a label: the store's key is the file's id.
 */

const MAX_BYTES = 200;
// C0, DEL and C1 controls; the soft hyphen and invisible separators; bidi marks, embeddings,
// overrides and isolates; zero-width characters (a family emoji falls apart: it is a label).
const UNSAFE = /[\p{Cc}\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;
// Windows' device names, whatever follows a dot (and the spaces Windows drops before it).
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]) *(\..*)?$/i;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * @example safeName('../../etc/passwd') // 'passwd'
 * @example safeName('C:\\Users\\me\\shot.png') // 'shot.png'
 * @example safeName('') // 'file'
 */
export function safeName(raw: string | undefined): string {
  const last = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // Tabs and line breaks part words: spaces, not removed. Removing a character may leave a
  // sequence NFC composes: normalized again after.
  const spaced = last.normalize('NFC').replace(/[\t\n\r\v\f]/g, ' ');
  let name = trimmed(spaced.replace(UNSAFE, '').normalize('NFC').replace(/\s+/g, ' '));
  if (RESERVED.test(name)) name = `_${name}`;
  name = trimmed(bounded(name));
  return name === '' ? 'file' : name;
}

/** No leading dots (a hidden file) nor trailing dots and spaces (Windows drops them). */
function trimmed(name: string): string {
  return name.replace(/^[\s.]+/, '').replace(/[\s.]+$/, '');
}

/** At most MAX_BYTES of UTF-8, cut between graphemes, the extension kept. */
function bounded(name: string): string {
  if (Buffer.byteLength(name) <= MAX_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  let room = MAX_BYTES - Buffer.byteLength(ext);
  // Every UTF-16 unit is at least one byte: what lies past `room` units never fits, so the work
  // stays linear however long a name a client sends (a few more let the last grapheme whole).
  const end = ext ? dot : name.length;
  let stem = '';
  for (const { segment } of graphemes.segment(name.slice(0, Math.min(end, room + 16)))) {
    room -= Buffer.byteLength(segment);
    if (room < 0) break;
    stem += segment;
  }
  return stem + ext;
}
