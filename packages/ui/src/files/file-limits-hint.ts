/**
 * A file field's limits in one line, shown under its drop zone and as its form hint, so the
 * rules are known before a file is chosen.
 */
import type { FileLimits } from './file-limits';
import { bytesText, typesText } from './file-words';

/**
 * @example fileLimitsHint(fileLimits(f.files({ max: 5, maxBytes: 10_485_760, accept: ['image/png', 'application/pdf'] })))
 * // 'PNG or PDF, up to 10 MiB each, at most 5 files'
 * @example fileLimitsHint(fileLimits(f.file())) // 'Any type, up to 10 MiB'
 * @example fileLimitsHint(fileLimits(f.file()), false) // 'any type, up to 10 MiB' (inside a sentence)
 */
export function fileLimitsHint(limits: FileLimits, capital = true): string {
  const types = limits.accept ? typesText(limits.accept) : 'any type';
  const size = `up to ${bytesText(limits.maxBytes)}${limits.many ? ' each' : ''}`;
  const count = limits.many ? `at most ${limits.max} ${limits.max === 1 ? 'file' : 'files'}` : '';
  const text = [types, size, count].filter(Boolean).join(', ');
  return capital ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
