/**
 * An action's output maps (label → count) as chart series with readable names: state and
 * choice values by their labels, in the spec's order.
 */

import type { ClientMeta } from '@ninefold/spec';
import { humanize } from '@ninefold/spec';

export interface ChartSeries {
  readonly name: string;
  readonly title: string;
  readonly points: readonly { readonly key: string; readonly label: string; readonly value: number }[];
}

/** The labels and order of the values a series counts, when a field of the entity has them. */
function valuesOf(meta: ClientMeta, entity: string | undefined, keys: readonly string[]) {
  const e = entity ? meta.entities[entity] : undefined;
  if (e?.states && keys.every((k) => k in e.states!.states)) {
    return Object.entries(e.states.states).map(([k, s]) => ({ key: k, label: s.label }));
  }
  for (const f of Object.values(e?.fields ?? {})) {
    if (f.type === 'enum' && keys.every((k) => f.values.includes(k))) {
      return f.values.map((k) => ({ key: k, label: humanize(k) }));
    }
  }
  return keys.map((k) => ({ key: k, label: humanize(k) }));
}

/**
 * @example chartSeries(meta, 'tickets', ['byStatus'], { byStatus: { open: 3 } })[0]?.points[1] // { key: 'open', label: 'Open', value: 3 }
 */
export function chartSeries(
  meta: ClientMeta,
  entity: string | undefined,
  names: readonly string[],
  output: Record<string, unknown>,
): ChartSeries[] {
  return names.map((name) => {
    const counts = (output[name] ?? {}) as Record<string, number>;
    const points = valuesOf(meta, entity, Object.keys(counts)).map((v) => ({
      ...v,
      value: counts[v.key] ?? 0,
    }));
    const title = humanize(name);
    return { name, title, points };
  });
}
