/**
 * A file's media type, decided from its content (magic bytes), never from its name or the
 * client's header. FOUNDATION STUB (content helper).
 */

/** @example await sniffType(head) // 'image/png' */
export async function sniffType(_head: Buffer): Promise<string> {
  throw new Error('not built yet');
}
