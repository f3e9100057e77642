/**
 * A timer as `/api/meta` sends it: its data (the amounts as expression nodes a client can
 * work out against the public constants and the record) and its words, so a UI can say
 * "closes by itself 7 days after Resolved" without reading the expression language. A
 * constant that is not public is named, never valued.
 */
import type { TimerNode } from '../app/automation';
import type { App } from '../app/define-app';
import type { ExprNode } from '../rules/expr';

/** A timer in `/api/meta`. */
export interface TimerMeta {
  /** The datetime field the span counts from; absent: from entering the `from` state. */
  readonly since?: string;
  readonly days?: ExprNode;
  readonly hours?: ExprNode;
  readonly minutes?: ExprNode;
  /** In words: `'7 days after Resolved'`, `'4 hours before Due'`. */
  readonly text: string;
}

const UNITS = [
  ['days', 'day'],
  ['hours', 'hour'],
  ['minutes', 'minute'],
] as const;

/**
 * The client-facing form of a timer on a record of `entity`; `start` says what it counts
 * from when it names no field (`'entering Resolved'`).
 * @example timerMeta(app, 'tickets', close.after!, 'entering Resolved').text // '7 days after Resolved'
 */
export function timerMeta(app: App, entity: string, timer: TimerNode, start: string): TimerMeta {
  const amounts = UNITS.flatMap(([unit, one]) => {
    const expr = timer[unit];
    return expr ? [{ unit, one, value: amountValue(app, entity, expr) }] : [];
  });
  const numbers = amounts.map((a) => a.value).filter((v): v is number => typeof v === 'number');
  const before =
    numbers.length === amounts.length && numbers.some((n) => n < 0) && numbers.every((n) => n <= 0);
  const span = amounts
    .map(({ unit, one, value }) => {
      const shown = typeof value === 'number' && before ? -value : value;
      return `${shown} ${shown === 1 ? one : unit}`;
    })
    .join(' ');
  const from = timer.since ? fieldLabel(app, entity, timer.since) : start;
  return {
    ...(timer.since ? { since: timer.since } : {}),
    ...(timer.days ? { days: timer.days } : {}),
    ...(timer.hours ? { hours: timer.hours } : {}),
    ...(timer.minutes ? { minutes: timer.minutes } : {}),
    text: `${span} ${before ? 'before' : 'after'} ${from}`,
  };
}

// A number when the spec alone tells it to anyone; otherwise the words that name it.
function amountValue(app: App, entity: string, e: ExprNode): number | string {
  switch (e.kind) {
    case 'literal':
      return typeof e.value === 'number' ? e.value : String(e.value);
    case 'const': {
      const c = app.constants[e.name];
      return c?.public && typeof c.value === 'number' ? c.value : e.name;
    }
    case 'field':
      return `the ${fieldLabel(app, entity, e.name)}`;
    case 'lookup':
      return e.table.kind === 'const' && e.key.kind === 'field'
        ? `${e.table.name} for its ${fieldLabel(app, entity, e.key.name)}`
        : 'some';
    default:
      return 'some';
  }
}

function fieldLabel(app: App, entity: string, name: string): string {
  return app.entities[entity]?.fields[name]?.label ?? name;
}
