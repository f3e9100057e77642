/**
 * How the workers show a failure in the console and the log: one line, never a stack.
 */

/**
 * An error's message (or any value's text) cut to its first line and 300 characters.
 * @example firstLine(new Error('connection refused\n    at Socket…')) // 'connection refused'
 */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 300);
}
