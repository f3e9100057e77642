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

/** What an aggregate chart reads of the server's groups (`AggregateGroup` of the contract). */
export interface ChartGroup {
  readonly key: Readonly<Record<string, unknown>>;
  readonly count?: number;
  readonly sum?: Readonly<Record<string, unknown>>;
  readonly avg?: Readonly<Record<string, unknown>>;
  readonly min?: Readonly<Record<string, unknown>>;
  readonly max?: Readonly<Record<string, unknown>>;
}

/**
 * An aggregate's groups as one series: a point per value of the grouping field, labelled and
 * ordered as the field's states or choices (those with no records drawn at 0), its value the
 * count or the function asked for (0 where the server has none); a group without a value
 * (an unset reference) is "None".
 * @example aggregateSeries(meta, 'tickets', 'status', 'count', undefined, groups).points[0] // { key: 'new', label: 'New', value: 4 }
 */
export function aggregateSeries(
  meta: ClientMeta,
  entity: string,
  groupBy: string,
  fn: 'count' | 'sum' | 'avg' | 'min' | 'max',
  field: string | undefined,
  groups: readonly ChartGroup[],
): ChartSeries {
  const values = new Map<string, number>();
  for (const g of groups) {
    const key = g.key[groupBy];
    const raw = fn === 'count' ? g.count : field === undefined ? undefined : g[fn]?.[field];
    values.set(key === null || key === undefined ? '' : String(key), typeof raw === 'number' ? raw : 0);
  }
  const field$ = meta.entities[entity]?.fields[groupBy];
  const named = [...values.keys()].filter((k) => k !== '');
  const points = (
    field$?.type === 'state' || field$?.type === 'enum'
      ? valuesOf(meta, entity, named)
      : named.map((k) => ({ key: k, label: humanize(k) }))
  ).map((v) => ({ ...v, value: values.get(v.key) ?? 0 }));
  if (values.has('')) points.push({ key: '', label: 'None', value: values.get('') ?? 0 });
  return { name: groupBy, title: humanize(groupBy), points };
}
