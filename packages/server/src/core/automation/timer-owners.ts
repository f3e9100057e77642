/**
 * The timed owners of an app: every timed transition, timed trigger and timed notification,
 * by the entity whose records they wait on — worked out once per app, so a write to an
 * entity with no timer costs one map look-up.
 */
import type { App, RuleNode, TimerNode } from '@ninefold/spec';

/**
 * What a timer belongs to: a transition of the entity, or a trigger or notification.
 * @example const kind: TimerOwnerKind = 'transition';
 */
export type TimerOwnerKind = 'transition' | 'trigger' | 'notification';

/**
 * One thing that waits on a moment of each record of `entity`.
 * @example { entity: 'tickets', kind: 'transition', name: 'close', timer, from: ['resolved'] }
 */
export interface TimedOwner {
  readonly entity: string;
  readonly kind: TimerOwnerKind;
  readonly name: string;
  readonly timer: TimerNode;
  /** A timed transition's `from` states: it waits while the record is in one. */
  readonly from?: readonly string[];
  /** A timed event's `when`: it waits while this holds (always, when absent). */
  readonly when?: RuleNode;
}

/**
 * What a timer's job carries: its owner, and the moment its span counts from.
 * @example { owner: { kind: 'transition', name: 'close' }, since: '2031-06-02T09:00:00.000Z' }
 */
export interface TimerPayload {
  readonly owner: { readonly kind: TimerOwnerKind; readonly name: string };
  /** Kept so that planning again keeps the moment the record entered its state. */
  readonly since: string | null;
}

const NONE: readonly TimedOwner[] = Object.freeze([]);
const INDEX = new WeakMap<App, ReadonlyMap<string, readonly TimedOwner[]>>();

function collect(app: App): ReadonlyMap<string, readonly TimedOwner[]> {
  const owners: TimedOwner[] = [];
  for (const [entity, node] of Object.entries(app.entities))
    for (const t of Object.values(node.states?.transitions ?? {}))
      if (t.after) owners.push({ entity, kind: 'transition', name: t.name, timer: t.after, from: t.from });
  const events = [
    ...Object.values(app.triggers).map((t) => ['trigger', t.name, t.on] as const),
    ...Object.values(app.notifications).map((n) => ['notification', n.name, n.on] as const),
  ];
  for (const [kind, name, on] of events)
    if (on.op === 'timer' && on.after)
      owners.push({ entity: on.entity, kind, name, timer: on.after, ...(on.when ? { when: on.when } : {}) });
  const byEntity = new Map<string, TimedOwner[]>();
  for (const o of owners) byEntity.set(o.entity, [...(byEntity.get(o.entity) ?? []), o]);
  return byEntity;
}

function index(app: App): ReadonlyMap<string, readonly TimedOwner[]> {
  let known = INDEX.get(app);
  if (!known) {
    known = collect(app);
    INDEX.set(app, known);
  }
  return known;
}

/**
 * The timed owners waiting on records of `entity` (none: an empty list, shared).
 * @example timedOwners(helpdesk, 'tickets').map((o) => o.name) // ['close', 'slaAtRisk']
 */
export function timedOwners(app: App, entity: string): readonly TimedOwner[] {
  return index(app).get(entity) ?? NONE;
}

/**
 * Every timed owner of the app.
 * @example allTimedOwners(helpdesk).length // 2
 */
export function allTimedOwners(app: App): readonly TimedOwner[] {
  return [...index(app).values()].flat();
}

/**
 * The owner a timer job names, if the spec still declares it.
 * @example timedOwner(app, 'tickets', { kind: 'transition', name: 'close' })?.timer.since // 'resolvedAt'
 */
export function timedOwner(app: App, entity: string, owner: TimerPayload['owner']): TimedOwner | undefined {
  return timedOwners(app, entity).find((o) => o.kind === owner.kind && o.name === owner.name);
}

/**
 * The key of one record's timer: while one is queued, planning again replaces it.
 * @example timerKey(close, id) // 'timer:tickets:transition:close:0190…'
 */
export function timerKey(owner: TimedOwner, id: string): string {
  return `timer:${owner.entity}:${owner.kind}:${owner.name}:${id}`;
}

/**
 * The id of an owner's row in nf_timer_plans.
 * @example timerPlanId(close) // 'tickets:transition:close'
 */
export function timerPlanId(owner: TimedOwner): string {
  return `${owner.entity}:${owner.kind}:${owner.name}`;
}
