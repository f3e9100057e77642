/**
 * The wire types of files: a file as a record's file field holds it, and as an upload
 * answers it (DESIGN.md: `201 {id, name, size, type, url}`).
 */

/**
 * A file as it is stored in its record's field: what history, webhooks and exports show.
 * @example const f: StoredFile = { id: '0193…', name: 'screenshot.png', size: 48213, type: 'image/png' };
 */
export interface StoredFile {
  readonly id: string;
  /** The name it was uploaded under, made safe to show and to offer as a download name. */
  readonly name: string;
  /** Bytes. */
  readonly size: number;
  /** The media type decided from the content, never from the name or the client's header. */
  readonly type: string;
}

/**
 * A file as a caller gets it: with a `url` that downloads it for this caller, under the
 * record's read rule, until it expires (`?variant=<name>` downloads an image variant).
 * @example <img src={`${file.url}&variant=thumb`} alt={file.name} />
 */
export interface FileRef extends StoredFile {
  readonly url: string;
}
