/**
 * A field's constraints in words, shown under its input before anything is typed, so the
 * rules are known up front rather than learned from an error.
 */
import type { Field } from '@ninefold/spec';

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return `${min}–${max}${unit}`;
  if (max !== undefined) return `Up to ${max}${unit}`;
  if (min !== undefined) return `At least ${min}${unit}`;
  return undefined;
}

/**
 * @example fieldHint(f.text({ min: 5, max: 120 })) // '5–120 characters'
 * @example fieldHint(f.list(f.text(), { max: 5 })) // 'Separate with commas; at most 5'
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
        return range(field.min, field.max, '');
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
