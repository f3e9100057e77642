/**
 * Text a request may carry: well-formed Unicode without NUL. PostgreSQL stores neither a
 * NUL nor an unpaired surrogate (in text or jsonb), and SQLite would keep what PostgreSQL
 * refuses; refusing both at the door gives every dialect the same answer.
 */
import { AppError } from './app-error';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const HALF_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badText(s: string): boolean {
  return s.includes('\u0000') || HALF_SURROGATE.test(s);
}

/**
 * True when any string in `value` (keys included, at any depth) is not storable text.
 * Iterative, so a deeply nested body cannot exhaust the stack.
 * @example hasBadText({ subject: 'a\u0000b' }) // true
 */
export function hasBadText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (badText(v)) return true;
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, item] of Object.entries(v)) {
        if (badText(k)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Refuses a request whose query or body holds text no dialect can store.
 * @example server.addHook('preValidation', async (req) => refuseBadText(req.query, req.body));
 */
export function refuseBadText(...parts: unknown[]): void {
  if (parts.some(hasBadText)) {
    throw new AppError('MALFORMED_REQUEST', {
      reason: 'text must be well-formed Unicode without NUL characters.',
    });
  }
}
