/**
 * A client's file name made safe to keep, show and offer as a download name: no path, no
 * control or bidi characters, bounded. FOUNDATION STUB (content helper).
 */

/** @example safeName('../../etc/passwd') // 'passwd' */
export function safeName(_raw: string | undefined): string {
  throw new Error('not built yet');
}
