/**
 * Files in words: a size ("2.4 MiB"), a media type ("PNG", "PDF", "images") and a list of
 * accepted types, as hints, file lists and refusals say them.
 */

const UNITS = ['KiB', 'MiB', 'GiB'] as const;

/**
 * Bytes in words, in the units the spec's limits are written in (1 KiB is 1024 bytes).
 * @example bytesText(10 * 1_048_576) // '10 MiB'
 * @example bytesText(2_500) // '2.4 KiB'
 * @example bytesText(900) // '900 bytes'
 */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let n = bytes / 1024;
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit += 1;
  }
  // One decimal below 10 (2.4 MiB), none above (12 MiB); never "10.0".
  const shown = n < 10 ? Math.round(n * 10) / 10 : Math.round(n);
  return `${shown} ${UNITS[unit]}`;
}

const NAMES: { readonly [type: string]: string } = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/svg+xml': 'SVG',
  'application/pdf': 'PDF',
  'text/plain': 'plain text',
  'text/csv': 'CSV',
  'application/zip': 'ZIP',
  'application/json': 'JSON',
};

/**
 * A media type (or a family) as a person names it.
 * @example typeWord('image/png') // 'PNG'
 * @example typeWord('image/*') // 'images'
 * @example typeWord('application/vnd.ms-excel') // 'VND.MS-EXCEL'
 */
export function typeWord(type: string): string {
  const t = type.toLowerCase();
  const known = NAMES[t];
  if (known) return known;
  if (t === '*/*') return 'any type';
  if (t.endsWith('/*')) return `${t.slice(0, -2)}s`;
  return (t.split('/')[1] ?? t).toUpperCase();
}

/**
 * Accepted types as a list in words.
 * @example typesText(['image/png', 'image/jpeg', 'application/pdf']) // 'PNG, JPEG or PDF'
 * @example typesText([]) // 'any type'
 */
export function typesText(accept: readonly string[]): string {
  const words = accept.map(typeWord);
  if (words.length === 0) return 'any type';
  if (words.length === 1) return words[0]!;
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** What a file is, for its icon and whether it can be previewed. */
export type FileKind = 'image' | 'pdf' | 'text' | 'other';

/**
 * @example fileKind('image/webp') // 'image'
 * @example fileKind('application/pdf') // 'pdf'
 */
export function fileKind(type: string): FileKind {
  const t = type.toLowerCase();
  // SVG is served as a download, never drawn in the page: it can carry script.
  if (t.startsWith('image/') && t !== 'image/svg+xml') return 'image';
  if (t === 'application/pdf') return 'pdf';
  if (t.startsWith('text/')) return 'text';
  return 'other';
}
