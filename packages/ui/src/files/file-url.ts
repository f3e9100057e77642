/**
 * The addresses of a file the page uses: its `url` (which the server signed for this caller
 * and which expires), with a variant or as a download.
 */
import type { FileRef } from '@ninefold/spec';

/**
 * @example fileUrl(ref, { variant: 'thumb' }) // '/api/entities/tickets/…/files/attachments/…?token=…&variant=thumb'
 * @example fileUrl(ref, { download: true }) // '…?token=…&download'
 */
export function fileUrl(
  file: Pick<FileRef, 'url'>,
  options: { readonly variant?: string | undefined; readonly download?: boolean } = {},
): string {
  const extra = [
    options.variant ? `variant=${encodeURIComponent(options.variant)}` : '',
    options.download ? 'download' : '',
  ].filter(Boolean);
  if (extra.length === 0) return file.url;
  return `${file.url}${file.url.includes('?') ? '&' : '?'}${extra.join('&')}`;
}

/**
 * The field's value as a list of files, whatever it holds (one file, many, or nothing yet).
 * @example filesOf(record.attachments) // [{ id, name, size, type, url }]
 */
export function filesOf(value: unknown): FileRef[] {
  const items = Array.isArray(value) ? value : value ? [value] : [];
  return items.filter(
    (v): v is FileRef =>
      typeof v === 'object' && v !== null && typeof (v as FileRef).id === 'string' && 'url' in v,
  );
}
