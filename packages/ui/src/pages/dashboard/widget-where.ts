/**
 * A widget's `where` (the spec's shorthand: a value, or a list of values) as list filters.
 */
import type { WidgetInput } from '@ninefold/spec';

/**
 * @example widgetWhere({ status: ['new', 'open'] }) // { status: { in: ['new', 'open'] } }
 */
export function widgetWhere(where: Extract<WidgetInput, { kind: 'list' }>['where']): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(where ?? {}).map(([field, v]) => [field, Array.isArray(v) ? { in: v } : v]),
  );
}
