/**
 * A field's constraints in words, shown under its input before anything is typed, so the
 * rules are known up front rather than learned from an error.
 */
import type { Field } from '@ninefold/spec';
import { fileLimits } from '../files/file-limits';
import { fileLimitsHint } from '../files/file-limits-hint';
import { formatDate } from './format-value';

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return `${min}–${max}${unit}`;
  if (max !== undefined) return `Up to ${max}${unit}`;
  if (min !== undefined) return `At least ${min}${unit}`;
  return undefined;
}

function dateRange(min: string | undefined, max: string | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `From ${formatDate(min)} to ${formatDate(max)}`;
  if (max !== undefined) return `On or before ${formatDate(max)}`;
  if (min !== undefined) return `On or after ${formatDate(min)}`;
  return undefined;
}

/**
 * @example fieldHint(f.date({ min: '2026-01-01' })) // 'On or after Jan 1, 2026' (en-US)
 * @example fieldHint(f.text({ min: 5, max: 120 })) // '5–120 characters'
 * @example fieldHint(f.list(f.text(), { max: 5 })) // 'Separate with commas; at most 5'
 * @example fieldHint(f.files({ max: 5, accept: ['image/png'] })) // 'PNG, up to 10 MiB each, at most 5 files'
 */
export function fieldHint(field: Field): string | undefined {
  const own = field.description;
  const rule = (() => {
    switch (field.type) {
      case 'text':
      case 'longText':
        return range(field.min, field.max, ' characters');
      case 'integer':
      case 'number':
        // Choices are offered one by one: a range beside them would only repeat them.
        return field.type === 'integer' && field.choices ? undefined : range(field.min, field.max, '');
      case 'date':
        return dateRange(field.min, field.max);
      case 'url':
        return [range(field.min, field.max, ' characters'), 'A web address starting with https:// or http://']
          .filter(Boolean)
          .join('. ');
      case 'file':
      case 'files':
        return fileLimitsHint(fileLimits(field));
      case 'list':
        return field.max === undefined
          ? 'Separate with commas'
          : `Separate with commas; at most ${field.max}`;
      default:
        return undefined;
    }
  })();
  return [own, rule].filter(Boolean).join('. ') || undefined;
}
