/**
 * A file's type as a small icon beside its name: a page with a folded corner, marked for
 * images, PDFs and text. Decoration only: the name and type are said in words beside it.
 */
import type { FileKind } from './file-words';

const MARKS: { readonly [K in FileKind]: string } = {
  // A mountain and a sun.
  image: 'M7 17l3-4 2 2.5 2-3 3 4.5H7Zm2.5-6a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z',
  // Three lines of text.
  text: 'M7 11h10v1.5H7Zm0 3h10v1.5H7Zm0 3h7v1.5H7Z',
  // A bold bar, as PDF icons have.
  pdf: 'M6 13h12v5H6Z',
  other: '',
};

/**
 * @example <FileIcon kind="pdf" />
 */
export function FileIcon({ kind }: { readonly kind: FileKind }) {
  return (
    <svg
      className={`file-icon file-icon-${kind}`}
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="28"
      height="28"
    >
      <path d="M5 2h9l5 5v15H5Zm9 0v5h5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      {MARKS[kind] && <path d={MARKS[kind]} fill="currentColor" />}
    </svg>
  );
}

/**
 * The arrow of the drop zone.
 * @example <UploadIcon />
 */
export function UploadIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
      <path d="M12 3l5 5h-3.25v6h-3.5V8H7Zm-7 14h2v2h10v-2h2v4H5Z" fill="currentColor" />
    </svg>
  );
}
